"""Stage 2, the application as the shapes read it: units, geometry, types, defaults the law
supplies, flags it decides, totals and computed limits.
"""
