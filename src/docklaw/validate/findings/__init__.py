"""Stage 4, results a person can act on: citations, relief and its basis, the per-rule accounting,
readings, variance figures and measurements.
"""
