from gpuadvisor.cli import run

run()
