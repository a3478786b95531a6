"""Stage 2, the application as the shapes read it: types, geometry, units, defaults the law
supplies, flags it decides, totals and computed limits, the focus nodes of every shape.
"""
