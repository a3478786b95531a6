"""``docklaw envelope``: the largest residential dock each code allows on a reference parcel."""

from __future__ import annotations

import argparse

from docklaw.clitools import add_output, emit
from docklaw.envelope.defaults import DEFAULTS


def add_parcel_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--frontage", type=float, default=DEFAULTS["frontage"], metavar="FEET",
                   help="shoreline frontage of the parcel")
    p.add_argument("--land-use", default=DEFAULTS["land_use"], metavar="USE",
                   help="land use: single-family, multifamily, or any dl:LandUse label "
                        "(marina, yacht-club ...)")
    p.add_argument("--slope", type=float, default=DEFAULTS["slope"], metavar="FT_PER_FT",
                   help="bottom slope seaward of mean high water (feet of depth per foot)")
    p.add_argument("--tidal-range", type=float, default=DEFAULTS["tidal_range"], metavar="FEET",
                   help="mean high minus mean low water on tidal waters (lakes: the levels "
                        "their codes state)")
    p.add_argument("--navigable-depth", type=float, default=DEFAULTS["navigable_depth"],
                   metavar="FEET", help="depth at mean low water the boats need")
    p.add_argument("--steep-slope", action="store_true", help="the parcel is a steep slope")
    p.add_argument("--channel-distance", type=float, default=DEFAULTS["channel_distance"],
                   metavar="FEET", help="from mean high water to the nearest channel")
    p.add_argument("--outlet-distance", type=float, default=DEFAULTS["outlet_distance"],
                   metavar="FEET", help="from the dock to the nearest lake outlet")
    p.add_argument("--neighbour-distance", type=float, default=None, metavar="FEET",
                   help="from the dock to the neighbours' docks (default: the frontage)")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "envelope", help="the largest residential dock each code allows on a parcel",
        description="Under every code, the largest conforming residential dock on one "
                    "reference parcel: length from the shore, width, area, number of docks, "
                    "boat slips and mooring buoys, and the smallest side setback, each with "
                    "the sections that bind it. Every figure is found by running the validator "
                    "on candidate applications and checked at its value and one step beyond.")
    add_parcel_options(p)
    p.add_argument("--jurisdictions", nargs="*", default=None, metavar="CODE",
                   help="codes (default: every registered code)")
    p.add_argument("--format", "-f", choices=("table", "json", "csv"), default="table",
                   help="output format")
    add_output(p)
    p.set_defaults(func=cmd_envelope)


def parcel_of(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    from docklaw.envelope.parcel import Parcel

    return Parcel(frontage=args.frontage, land_use=args.land_use, slope=args.slope,
                  tidal_range=args.tidal_range, navigable_depth=args.navigable_depth,
                  steep_slope=args.steep_slope, channel_distance=args.channel_distance,
                  outlet_distance=args.outlet_distance,
                  neighbour_distance=args.neighbour_distance).checked()


def cmd_envelope(args: argparse.Namespace) -> int:
    from docklaw.envelope.render import render
    from docklaw.envelope.search import envelopes

    parcel = parcel_of(args)
    codes = envelopes(parcel, args.jurisdictions)
    emit(render(parcel, codes, args.format), args.output)
    return 0
