"""Stage 3, checking: the derived application against its code's compiled shapes (pyshacl, one
prepared engine per code), giving the raw SHACL results. The shapes themselves are the law
model's (``docklaw.law``).
"""
