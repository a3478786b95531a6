"""Geometry: measure dock applications drawn with GeoSPARQL, and GeoSPARQL functions for SPARQL.

``docklaw.geometry.derive.derive_geometry`` is the validator's geometry stage;
``docklaw.geometry.sparql.register`` adds geof: functions to rdflib's SPARQL engine.
"""
