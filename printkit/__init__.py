"""printkit: plain game data in, a complete print-and-play kit out."""

__version__ = "0.1.0"
