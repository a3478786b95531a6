"""Stage 5, the report and its forms: JSON, Turtle, text and HTML (Jinja), and the plan (SVG).
Every form reads the report value only.
"""
