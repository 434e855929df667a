"""``printkit serve``: a live preview page of the kits (:mod:`printkit.serve.app`, the server;
:mod:`printkit.serve.model`, what the page shows of a game; ``static/``, the page itself)."""
