"""Stage 1, the application as given: bytes to a graph, refusing what is unsafe or unreadable
(``parse``); one application of a known code in the ontology's vocabulary (``admit``).
"""
