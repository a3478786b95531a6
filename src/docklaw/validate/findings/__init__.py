"""Stage 4, results a person can act on: citations, relief and its basis, the per-rule accounting,
readings, variance figures, measurements, terms the code did not read, the limits a plan draws.
"""
