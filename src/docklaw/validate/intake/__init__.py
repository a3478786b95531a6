"""Stage 1, the application as given: bytes to a graph, refusing what is unsafe, unreadable or not
the ontology's vocabulary.
"""
