// printkit serve: the preview page. Data from /api/game/<game>, updates from /events (server-sent
// events); every update is applied in place, so the scroll position and the filters stay.
"use strict";

const state = { games: [], game: null, shown: -1, kit: null, selected: null, loading: false, again: false };
const figures = new Map(); // face ref -> its <figure>, reused from update to update
window.__printkit = { version: -1, updates: [] }; // read by tests and the benchmark

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
  return node;
}

const $ = (id) => document.getElementById(id);
const base = () => `/g/${encodeURIComponent(state.game)}/`;

// --- size: millimetres on screen -----------------------------------------------------------------

function pxPerMm() {
  const dpi = parseFloat(localStorage.getItem("printkit.dpi")) || 96;
  return dpi / 25.4;
}

function applyZoom() {
  const zoom = parseFloat(localStorage.getItem("printkit.zoom")) || 0.5;
  $("zoom").value = String(zoom);
  const dpi = pxPerMm() * 25.4;
  $("dpi").value = String(Math.round(dpi * 10) / 10);
  $("dpi-shown").textContent = String(Math.round(dpi * 10) / 10);
  document.documentElement.style.setProperty("--ppmm", String(pxPerMm()));
  document.documentElement.style.setProperty("--k", String(pxPerMm() * zoom));
  for (const img of document.querySelectorAll("img[data-mm-width]")) sizeByMm(img);
}

function sizeByMm(img) {
  const k = pxPerMm() * (parseFloat(localStorage.getItem("printkit.zoom")) || 0.5);
  img.style.width = `${parseFloat(img.dataset.mmWidth) * k}px`;
  img.style.height = `${parseFloat(img.dataset.mmHeight) * k}px`;
}

// --- loading -------------------------------------------------------------------------------------

async function loadGames() {
  state.games = await (await fetch("/api/games")).json();
  const wanted = decodeURIComponent(location.hash.slice(1));
  state.game = state.games.some((g) => g.game === wanted) ? wanted : state.games[0].game;
  renderTabs();
}

function renderTabs() {
  $("games").replaceChildren(...state.games.map((g) => el("a", {
    href: `#${encodeURIComponent(g.game)}`, class: g.game === state.game ? "current" : null, text: g.title,
  })));
}

async function load() {
  if (state.loading) { state.again = true; return; }
  state.loading = true;
  try {
    do {
      state.again = false;
      const game = state.game;
      const data = await (await fetch(`/api/game/${encodeURIComponent(game)}`, { cache: "no-store" })).json();
      if (game === state.game) show(data);
    } while (state.again);
  } finally {
    state.loading = false;
  }
}

function show(data) {
  const scroll = window.scrollY;
  state.shown = data.version;
  $("status").textContent = data.building ? "building\u2026" : (data.errors.length ? "not rebuilt: bad data" : "up to date");
  const banner = $("banner");
  banner.replaceChildren(...data.errors.map((line) => el("div", { text: line })));
  banner.hidden = data.errors.length === 0;
  if (data.kit) {
    const game = state.games.find((g) => g.game === data.kit.game);
    if (game && game.title !== data.kit.title) { game.title = data.kit.title; renderTabs(); }
    state.kit = data.kit;
    renderFilters(data.kit);
    renderFaces(data.kit);
    renderSheets(data.kit);
    renderBoxes(data.kit);
    renderRules(data.kit);
    renderProof(data.kit);
    renderSource();
  }
  window.scrollTo(0, scroll);
  window.__printkit.version = data.version;
}

// --- faces ---------------------------------------------------------------------------------------

function renderFaces(kit) {
  const box = $("faces");
  const keep = new Set();
  const nodes = kit.faces.map((face) => {
    keep.add(face.ref);
    let fig = figures.get(face.ref);
    if (!fig) {
      fig = el("figure", { class: "face", "data-ref": face.ref, tabindex: "0",
        onclick: () => select(face.ref), onkeydown: (e) => { if (e.key === "Enter") select(face.ref); } },
      el("div", { class: "clip" }), el("span", { class: "count" }), el("figcaption"));
      figures.set(face.ref, fig);
    }
    updateFace(fig, face);
    return fig;
  });
  for (const [ref, fig] of figures) if (!keep.has(ref)) { fig.remove(); figures.delete(ref); }
  box.replaceChildren(...nodes);
  const pieces = kit.faces.filter((f) => !f.back).reduce((n, f) => n + f.count, 0);
  $("faces-count").textContent = `${kit.faces.length} distinct, ${pieces} pieces`;
  applyFilters();
}

function updateFace(fig, face) {
  fig.face = face;
  fig.style.setProperty("--w", face.width);
  fig.style.setProperty("--h", face.height);
  fig.style.setProperty("--b", face.bleed);
  fig.classList.toggle("failing", face.failing.length > 0);
  fig.classList.toggle("round", face.round);
  fig.dataset.component = face.component;
  const clip = fig.querySelector(".clip");
  let img = clip.querySelector("img");
  if (face.src) {
    const src = base() + face.src;
    if (!img) { img = el("img", { alt: face.ref }); clip.append(img); }
    if (img.getAttribute("src") !== src) {
      const changed = img.hasAttribute("src");
      img.addEventListener("load", () => {
        if (changed) window.__printkit.updates.push({ ref: face.ref, src, t: Date.now() });
      }, { once: true });
      img.setAttribute("src", src);
    }
  } else if (img) {
    img.remove();
  }
  let marks = fig.querySelector(".marks");
  if (face.failing.length) {
    if (!marks) { marks = el("div", { class: "marks" }); fig.append(marks); }
    marks.textContent = "\u2717 " + face.failing.join(", ");
  } else if (marks) {
    marks.remove();
  }
  fig.querySelector(".count").textContent = `\u00d7${face.count}`;
  const caption = fig.querySelector("figcaption");
  caption.replaceChildren(face.components, ...(face.label !== face.components ? [el("span", { text: face.label })] : []));
}

// --- filters -------------------------------------------------------------------------------------

function renderFilters(kit) {
  fillSelect($("f-component"), kit.components.map((c) => [c.id, `${c.name} (${c.pieces})`]));
  const sets = $("f-sets");
  for (const [name, values] of Object.entries(kit.sets)) {
    let select = sets.querySelector(`select[data-set="${CSS.escape(name)}"]`);
    if (!select) {
      select = el("select", { "data-set": name, onchange: applyFilters }, el("option", { value: "", text: "all" }));
      sets.append(el("label", {}, `${name} `, select));
    }
    fillSelect(select, values.map((v) => [v, v]));
  }
  for (const select of sets.querySelectorAll("select")) {
    if (!(select.dataset.set in kit.sets)) select.parentElement.remove();
  }
}

function fillSelect(select, options) {
  const value = select.value;
  select.replaceChildren(el("option", { value: "", text: "all" }),
    ...options.map(([v, text]) => el("option", { value: v, text })));
  select.value = options.some(([v]) => v === value) ? value : "";
}

function applyFilters() {
  const component = $("f-component").value;
  const failing = $("f-failing").checked;
  const sets = [...$("f-sets").querySelectorAll("select")].filter((s) => s.value).map((s) => [s.dataset.set, s.value]);
  for (const fig of figures.values()) {
    const face = fig.face;
    const ok = (!component || face.component === component || face.components.split(", ").includes(component))
      && (!failing || face.failing.length > 0)
      && sets.every(([name, value]) => face.sets[name] === value);
    fig.hidden = !ok;
  }
}

// --- sheets, boxes, rulebook, proof ---------------------------------------------------------------

function renderSheets(kit) {
  const papers = [...new Set(kit.sheets.map((s) => s.paper))];
  const select = $("paper");
  fillSelect(select, papers.map((p) => [p, p]));
  select.firstChild.remove(); // a paper is always chosen
  if (!papers.includes(select.value)) select.value = papers[0] || "";
  const chosen = select.value;
  $("sheets").replaceChildren(...kit.sheets.filter((s) => s.paper === chosen).map((sheet) => el("div",
    { class: "sheet-file" }, el("h3", { text: `${sheet.group}: ${sheet.file} (${sheet.pages} pages)` }),
    el("div", { class: "pages" }, Array.from({ length: sheet.pages }, (_, i) => el("figure", {},
      pageImage(sheet, i + 1), el("figcaption", { text: `page ${i + 1}` })))))));
}

function pageImage(sheet, n) {
  const img = el("img", { loading: "lazy", alt: `${sheet.file} page ${n}`, "data-mm-width": sheet.width,
    "data-mm-height": sheet.height, src: `${base()}page/${n}/${encodeURIComponent(sheet.file)}?v=${sheet.v}` });
  sizeByMm(img);
  return img;
}

function renderBoxes(kit) {
  $("boxes-section").hidden = kit.boxes.length === 0;
  $("boxes").replaceChildren(...kit.boxes.map((box) => el("div", {}, el("h3", { text: box.name }),
    box.parts.map((part) => el("img", { src: base() + part, alt: part,
      onload: (e) => { // dielines are SVGs sized in mm: shown at the same scale as everything else
        const img = e.target;
        if (img.dataset.mmWidth) return;
        img.dataset.mmWidth = img.naturalWidth * 25.4 / 96;
        img.dataset.mmHeight = img.naturalHeight * 25.4 / 96;
        sizeByMm(img);
      } })))));
}

function renderRules(kit) {
  $("rules-section").hidden = !kit.rules;
  const src = kit.rules ? base() + kit.rules : "about:blank";
  if ($("rules").getAttribute("src") !== src) $("rules").setAttribute("src", src);
}

function proofLine(line) {
  const rel = line.relation === "at least" ? "at least " : "";
  return el("li", { class: line.verdict },
    el("strong", { text: `${line.check}: expected ${rel}${line.expected}, found ${line.found}` }),
    line.detail ? el("div", { text: line.detail }) : null,
    el("div", { class: "source-line", text: `Source: ${line.source}` }));
}

function renderProof(kit) {
  const p = kit.proof;
  $("proof").replaceChildren(
    el("p", { class: p.ok ? "pass" : "fail" }, el("strong", { text: p.summary }),
      p.pdf ? el("span", {}, " \u2014 ", el("a", { href: base() + p.pdf, target: "_blank", text: "contact sheet (PDF)" })) : null),
    el("h3", { class: "fail", text: `Errors (${p.errors.length})` }), el("ul", {}, p.errors.map(proofLine)),
    el("h3", { class: "warn", text: `Warnings (${p.warnings.length})` }), el("ul", {}, p.warnings.map(proofLine)),
    el("p", { class: "pass", text: `Passed (${p.passed.length}): ${p.passed.join(", ")}` }),
    el("h3", { text: `Assumptions (${p.assumptions.length})` }),
    el("ul", {}, p.assumptions.map((a) => el("li", { text: `${a.id}: ${a.text}` }))));
}

// --- where a face comes from -----------------------------------------------------------------------

function select(ref) {
  state.selected = ref;
  renderSource();
}

function renderSource() {
  for (const fig of figures.values()) fig.classList.toggle("selected", fig.face.ref === state.selected);
  const face = state.selected && figures.get(state.selected) ? figures.get(state.selected).face : null;
  $("source").hidden = !face;
  if (!face) return;
  $("source").style.top = `${Math.max(0, $("tools").getBoundingClientRect().bottom)}px`;
  const component = state.kit.components.find((c) => c.id === face.component);
  $("source-body").replaceChildren(
    el("h3", { text: face.ref }),
    el("p", {}, el("strong", { text: face.back ? "back of " : "component " }),
      `${face.components} (${component ? component.kind : face.kind}, id ${face.component})`),
    el("p", { class: "count-line", text: `${face.count} ${face.count === 1 ? "piece carries" : "pieces carry"} this ${face.back ? "back" : "face"}` }),
    ...face.source.map((record) => el("div", { class: "record" },
      el("p", { class: "where", text: record.sheet !== undefined ? `${record.file}: sheet ${record.sheet}, row ${record.row}`
        : record.row !== undefined ? `${record.file}, row ${record.row} (line ${record.line})`
        : `${record.file}${record.line ? `, line ${record.line}` : ""}: ${record.key}` }),
      Object.keys(record.fields).length ? el("table", {}, Object.entries(record.fields).map(([k, v]) =>
        el("tr", {}, el("th", { text: k }), el("td", { text: String(v) })))) : null)),
    el("h4", { text: `Proof (${face.proof.length})` }),
    el("ul", { class: "proof-lines" }, face.proof.map((n) => proofLine(state.kit.proof.lines[n]))));
}

// --- wiring --------------------------------------------------------------------------------------

function listen() {
  const events = new EventSource("/events");
  events.onmessage = (e) => {
    const versions = JSON.parse(e.data);
    if (versions[state.game] !== undefined && versions[state.game] !== state.shown) load();
  };
}

async function start() {
  applyZoom();
  $("zoom").addEventListener("change", () => { localStorage.setItem("printkit.zoom", $("zoom").value); applyZoom(); });
  $("dpi").addEventListener("input", () => {
    const dpi = parseFloat($("dpi").value);
    if (dpi >= 40 && dpi <= 600) { localStorage.setItem("printkit.dpi", String(dpi)); applyZoom(); }
  });
  $("f-component").addEventListener("change", applyFilters);
  $("f-failing").addEventListener("change", applyFilters);
  $("paper").addEventListener("change", () => state.kit && renderSheets(state.kit));
  $("source-close").addEventListener("click", () => select(null));
  window.addEventListener("hashchange", () => {
    const wanted = decodeURIComponent(location.hash.slice(1));
    if (state.games.some((g) => g.game === wanted) && wanted !== state.game) {
      state.game = wanted;
      state.shown = -1;
      state.selected = null;
      for (const fig of figures.values()) fig.remove();
      figures.clear();
      renderTabs();
      load();
    }
  });
  await loadGames();
  await load();
  listen();
}

start();
