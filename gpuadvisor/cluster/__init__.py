"""Sweeps over every GPU of a Ray cluster (``gpuadvisor tune --ray``).

One Ray actor per GPU (``num_gpus=1``: Ray sets CUDA_VISIBLE_DEVICES, so each actor sees
only its own device) holds a private copy of the target and runs one configuration at a
time; the driver hands out configurations as actors finish and writes every result into
the sweep's ``journal.jsonl`` as it arrives (:mod:`gpuadvisor.runner`'s journal, so
``--resume`` works the same). Nothing outside this package imports it except the ``tune``
command, and only when ``--ray`` is given: Ray stays an optional extra.
"""
