"""Rendering: terminal tables, Markdown, a self-contained HTML page and heatmaps.

Everything here renders objects computed elsewhere (``gpuadvisor.review``, the sweep table,
``gpuadvisor.analysis``); nothing here measures or decides.
"""
