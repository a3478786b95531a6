"""The reference parcel when nothing else is given (CLI options, web form).

A module of its own so that registering ``docklaw envelope`` imports no RDF library.
"""

DEFAULTS = {"frontage": 150.0, "land_use": "single-family", "slope": 0.05, "tidal_range": 2.5,
            "navigable_depth": 4.0, "channel_distance": 1500.0, "outlet_distance": 1000.0}
