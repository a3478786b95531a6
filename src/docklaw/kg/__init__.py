"""Build the knowledge graph: ingest the code texts, load the curated Turtle, compute closure."""
