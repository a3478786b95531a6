"""docklaw: New York municipal dock, mooring and waterfront-structure law as data."""

__version__ = "0.1.0"
