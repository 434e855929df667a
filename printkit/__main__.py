from printkit.cli import run

run()
