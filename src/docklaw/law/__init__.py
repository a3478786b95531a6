"""The law model: what every stage of the validator reads about the law, below all of them.

``prepare`` builds it once per process (``Prepared``: the ontology's class closure, every code's
rules and sections, units, labels) and ``snapshot`` keeps it on disk; ``compile`` turns a code's
shapes into runnable ones (limits filled from the rules, targets generated from their
conditions), ``targets`` finds a compiled shape's focus nodes in an application, ``decide``
reads a shape three-valued (met, broken, undecided for want of a stated fact), ``limits``
evaluates computed limits (``dl:limitExpression``), ``units`` and ``monthday`` convert values
as the law states them. It imports no stage of ``docklaw.validate``.
"""
