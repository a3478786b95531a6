"""``docklaw serve``: run the web front-end on the bundled knowledge graph."""

from __future__ import annotations

import argparse

from docklaw.sparql.specs import SPEC_HELP, default_spec


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "serve", help="serve the SPARQL endpoint, query page and law pages",
        description="Serve the web front-end: the query page, search, validation, the "
                    "comparison, the browsable law and the read-only SPARQL endpoint "
                    "(/sparql), with its OpenAPI description at /openapi.json.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on")
    p.add_argument("--port", type=port_number, default=8080, help="port to listen on (1-65535)")
    p.add_argument("--store", default=None, metavar="SPEC",
                   help=f"{SPEC_HELP}; default $DOCKLAW_STORE, else memory. memory and rdflib "
                        "load the knowledge graph at start; oxigraph:PATH and sparql:URL must "
                        "hold it already (docklaw load --store SPEC)")
    p.add_argument("--backend", dest="store", metavar="SPEC", help="alias of --store")
    p.add_argument("--public-url", default=None, metavar="URL",
                   help="the URL clients reach this service at (sd:endpoint, VoID); default "
                        "http://HOST:PORT/ as bound (the Host header is not trusted)")
    p.add_argument("--timeout", type=positive_seconds, default=None,
                   help="query timeout in seconds (more than 0)")
    p.add_argument("--max-rows", type=positive_count, default=None, help="row cap per query")
    p.add_argument("--server", choices=("flask", "gunicorn"), default="flask",
                   help="flask: threaded development server; gunicorn: worker processes")
    p.add_argument("--workers", type=positive_count, default=2, help="gunicorn worker processes")
    p.add_argument("--threads", type=positive_count, default=4,
                   help="threads per gunicorn worker (requests run at once in each)")
    p.add_argument("--validate-workers", type=positive_count, default=None,
                   help="validation worker processes per server process (default 2; "
                        "VALIDATE_WORKERS)")
    p.set_defaults(func=serve)


def port_number(text: str) -> int:
    """A TCP port, 1-65535 (99999 used to bind another port silently)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port {value} is not between 1 and 65535")
    return value


def positive_seconds(text: str) -> float:
    """A time limit in seconds, more than 0 (0 or -1 started a server refusing every query)."""
    import math

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text} seconds: give a time limit above 0")
    return value


def positive_count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value}: give at least 1")
    return value


def serve(args: argparse.Namespace) -> int:
    from docklaw.errors import InputError
    from docklaw.web import create_app
    from docklaw.web.knowledge import Unavailable, knowledge
    from docklaw.web.validate_routes import start_pool

    config: dict[str, object] = {"SPARQL_BACKEND": args.store or default_spec()}
    config["PUBLIC_BASE_URL"] = args.public_url or bound_url(args.host, args.port)
    if args.timeout is not None:
        config["SPARQL_TIMEOUT"] = args.timeout
    if args.max_rows is not None:
        config["SPARQL_MAX_ROWS"] = args.max_rows
    if args.validate_workers is not None:
        config["VALIDATE_WORKERS"] = args.validate_workers
    app = create_app(config)
    try:  # load before serving: errors show now, and workers fork a loaded store
        knowledge(app)
    except Unavailable as exc:  # an empty or unreachable store: exit 2 naming it
        raise InputError(str(exc)) from None
    if args.server == "gunicorn":
        from docklaw.law.snapshot import get_prepared
        from docklaw.web.gunicorn_app import run_gunicorn

        get_prepared()  # compile the shapes once, before gunicorn forks its workers
        warm_up_validator()
        # each gunicorn worker forks its own warm validation workers before it serves
        run_gunicorn(app, args.host, args.port, max(1, args.workers), max(1, args.threads),
                     float(app.config["SPARQL_TIMEOUT"]), on_worker_start=lambda: start_pool(app))
        return 0
    warm_up_validator()  # before request threads, as for gunicorn
    start_pool(app)
    app.run(host=args.host, port=args.port, threaded=True, use_reloader=False)
    return 0


def warm_up_validator() -> None:
    """Validate the shipped examples once in the server process: caches filled and rdflib's
    SPARQL parse actions run single-threaded before request threads (or gunicorn's forks)
    share them; budgeted validations fork from a warm process."""
    from docklaw.validate.pipeline import warm_once

    warm_once()


def bound_url(host: str, port: int) -> str | None:
    """http://HOST:PORT/ for a concrete bind address; None for a wildcard (0.0.0.0, ::),
    where only --public-url can say what clients use."""
    if host in ("", "0.0.0.0", "::", "[::]"):
        return None
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}/"
