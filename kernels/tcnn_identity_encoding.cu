// tiny-cuda-nn's identity encoding, identity<float> (NVlabs/tiny-cuda-nn,
// include/tiny-cuda-nn/encodings/identity.h, launched by IdentityEncoding<float>::encode through
// linear_kernel: the input encoding of a network whose inputs go in as they are (scaled and
// offset), padded with ones up to the fully fused MLP's width; with dy_dx given on the training
// path) (blind check set 82: written after calibration, never fitted on). As in tiny-cuda-nn:
// encoded_index = threadIdx.x + blockIdx.x blockDim.x below num_elements (inputs x fan_out),
// fan_out = num_to_encode + num_to_pad, i = encoded_index / fan_out the input and j =
// encoded_index - i fan_out the output dimension; for j >= num_to_encode data_out(i)[j] = 1,
// otherwise data_out(i)[j] = data_in(i)[j] scale + offset and dy_dx[i num_to_encode + j] =
// scale (PitchedPtr: row i at i stride); linear_kernel's 128 threads (n_threads_linear) on
// cdiv(num_elements, 128) blocks. Departures: the block the sweep's, any shape (linearized);
// the pitched pointers as a pointer and a stride each; float output (one of its
// instantiations); dy_dx always given. Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: whole-number inputs times 0.5 plus
// 0.5. 1-D: one thread an output value (a warp's 4 B stores 128 B contiguous), its 4 B input
// load (a warp's 3 of 16 lanes an input row: 12 B of each 64 B) and 4 B dy_dx store.
#include "common.cuh"

extern "C" __global__ void tcnn_identity_encoding(unsigned int num_elements,
                                                  unsigned int num_to_encode,
                                                  unsigned int num_to_pad, float scale,
                                                  float offset, const float* data_in,
                                                  unsigned int in_stride, float* data_out,
                                                  unsigned int out_stride, float* dy_dx) {
    const long long linear = ga_linear();
    if (linear >= num_elements) return;
    const unsigned int encoded_index = (unsigned int)linear;
    const unsigned int fan_out = num_to_encode + num_to_pad;
    const unsigned int i = encoded_index / fan_out;
    const unsigned int j = encoded_index - i * fan_out;
    float* out_row = data_out + (long long)i * out_stride;
    if (j >= num_to_encode) {
        out_row[j] = 1.0f;
    } else {
        out_row[j] = data_in[(long long)i * in_stride + j] * scale + offset;
        if (dy_dx != nullptr) dy_dx[(long long)i * num_to_encode + j] = scale;
    }
}
