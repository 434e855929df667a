from printkit.cli import console

console()
