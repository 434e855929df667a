"""One module per command; each defines ``add_parser(subparsers)`` that sets ``run``."""
