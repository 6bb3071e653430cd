"""gpuadvisor: which launch configuration should this CUDA kernel use on this GPU, and why?"""

__version__ = "0.1.0"
