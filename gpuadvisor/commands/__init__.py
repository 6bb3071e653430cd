"""One module per CLI command (or command group); each exposes ``register(app)``.

cli.py discovers every module in this package and lets it add its commands, so a new
command is one new file. Modules import heavy dependencies inside their functions so that
``gpuadvisor --help`` stays fast.
"""
