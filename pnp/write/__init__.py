"""The files a build writes: PDF (pdf.py, marks.py, pictures.py), PNG and HTML previews (preview.py, html.py),
all swapped in at once (fileset.py); and the cache a build keeps for the next (cache.py)."""
