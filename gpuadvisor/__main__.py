from gpuadvisor.cli import main

main()
