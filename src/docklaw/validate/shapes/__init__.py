"""Stage 3, the law as runnable shapes: prepared once per process (rules, compiled shapes,
snapshots), then focus nodes, checking and three-valued reading.
"""
