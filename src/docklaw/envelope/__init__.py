"""The envelope: the largest residential dock each code allows on one reference parcel.

Why a package of its own: the figures are found by running the validator on candidate
applications (``search``), never by reading limits a second time; the reference application
(``application``), the parcel and its water (``parcel``), the renderings (``render``, ``svg``)
and the command (``commands``) are small parts around that search.
"""
