"""Stage 5, the report in its forms: JSON, Turtle, text and HTML (Jinja).
"""
