"""Saved SPARQL questions, safe parameter binding, and cross-code comparison reports."""
