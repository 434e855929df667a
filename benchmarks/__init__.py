"""printkit benchmarks: whole-process wall time, peak memory and output size. Run ``python -m benchmarks``."""
