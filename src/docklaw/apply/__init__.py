"""The application form generated from the law (``/apply``): which facts a code's rules need
for the structures an applicant picks (``spec``), the form's values as an application graph
(``build``) and an uploaded drawing as its features' geometries (``drawing``)."""
