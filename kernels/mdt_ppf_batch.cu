// The FIR stage of a polyphase filter bank (PFB) channelizer for a batch of spectra from
// several antenna stations, the Mauritius Deuterium Telescope's GPU F-engine kernel PPFBatch
// (aragorn2101/MDT_GPU_F-engine, MDT_PFB_kernel.cu, Nitish Ragoomundun) (blind check set 38:
// written after calibration, never fitted on). As in the F-engine: one thread per (channel,
// spectrum, station), the station's input (Nspectra - 1 + Ntaps frames of Nchannels complex
// IQ samples) at stride_elem = station (Nspectra - 1 + Ntaps) Nchannels, the spectrum's first
// frame at stride_spec = spectrum Nchannels, then for each of the Ntaps taps the sample
// i Nchannels + channel frames later and the tap's coefficient Filter[i Nchannels + channel],
// two fmaf into the I and Q sums, and the complex result stored at (station Nspectra +
// spectrum) Nchannels + channel (ready for the cuFFT along the channels that follows).
// Departures: the F-engine's grid (channels / threads blocks of a 1-D block along x, one
// block row per spectrum (gridDim.y = Nspectra), one block layer per station) becomes bx x
// by*bz blocks whose rows (z folded into y) take one spectrum each, with Nspectra passed
// (gridDim.y no longer is it) and the bounds test it now needs; Nchannels an int; the
// cufftComplex samples an 8-byte-aligned pair of floats (the same layout). Written from
// memory and checked against the F-engine's public source. x -> channel, y*z -> spectrum,
// blockIdx.z -> station.
#include "common.cuh"

struct alignas(8) ppf_complex {  // cufftComplex (CUDA's float2): I in x, Q in y
    float x, y;
};

extern "C" __global__ void mdt_ppf_batch(int Ntaps, int Nchannels, int Nspectra,
                                         const float* Filter, const float* InSignalWords,
                                         float* PolyStructWords) {
    const ppf_complex* InSignal = reinterpret_cast<const ppf_complex*>(InSignalWords);
    ppf_complex* PolyStruct = reinterpret_cast<ppf_complex*>(PolyStructWords);
    const int channelIdx = threadIdx.x + blockIdx.x * blockDim.x;
    const int spectrum = ga_row();
    if (channelIdx >= Nchannels || spectrum >= Nspectra) return;

    // stride with respect to the element (station) index
    const long long stride_elem = (long long)blockIdx.z * (Nspectra - 1 + Ntaps) * Nchannels;
    // stride with respect to the number of previous spectra
    const long long stride_spec = (long long)spectrum * Nchannels;

    ppf_complex tmp_product;
    tmp_product.x = 0.0f;
    tmp_product.y = 0.0f;
    for (int i = 0; i < Ntaps; i++) {
        // the input sample and the filter coefficient
        const ppf_complex tmp_input =
            InSignal[stride_elem + stride_spec + (long long)i * Nchannels + channelIdx];
        const float tmp_filter = Filter[i * Nchannels + channelIdx];
        // accumulate the FIR
        tmp_product.x = fmaf(tmp_filter, tmp_input.x, tmp_product.x);  // I
        tmp_product.y = fmaf(tmp_filter, tmp_input.y, tmp_product.y);  // Q
    }
    PolyStruct[((long long)blockIdx.z * Nspectra + spectrum) * Nchannels + channelIdx] =
        tmp_product;
}
