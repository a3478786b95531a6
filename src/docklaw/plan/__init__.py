"""SVG plans of applications drawn with geometry (``docklaw plan FILE -o plan.svg``)."""
