// Grayscale dilation of the GICOV score matrix, Rodinia leukocyte's dilate_kernel
// (find_ellipse_kernel.cu: the maximum of the image over a structuring element around each
// pixel, the element's taps that fall off the matrix skipped, the maximum started at 0), one
// pixel per thread (blind check set 27: written after calibration, never fitted on; its
// sweeps go to fixtures/hopper/blind27/ once recorded). The img_m x img_n matrix is read
// column-major (pixel (y, x) at x img_m + y, as Rodinia's MATLAB-ordered GICOV matrix) and the
// result written row-major (dilated_out[i img_n + j]), as in Rodinia; thread t takes i = t mod
// img_m, j = t / img_m. Rodinia's two textures (the image and the strel) become plain global
// loads and a bounds test is added (Rodinia's grid divides the matrix). Per thread:
// strel_m strel_n tests of the element (one word every thread reads), for the set taps on
// the matrix a 4 B load (a warp's lanes read consecutive rows of one column: contiguous,
// neighbouring taps L1 hits) and a compare, then one 4 B store img_n words from the next
// lane's (uncoalesced). float32: exact (a maximum). 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void leuko_dilate(const float* __restrict__ c_strel,
                                        const float* __restrict__ img,
                                        float* __restrict__ dilated_out, int img_m, int img_n,
                                        int strel_m, int strel_n) {
    // Find the center of the structuring element
    int el_center_i = strel_m / 2;
    int el_center_j = strel_n / 2;

    // Determine this thread's location in the matrix
    long long thread_id = ga_linear();
    if (thread_id >= (long long)img_m * img_n) {
        return;
    }
    int i = (int)(thread_id % img_m);
    int j = (int)(thread_id / img_m);

    // Initialize the maximum GICOV score seen so far to zero
    float max = 0.0f;

    // Iterate across the structuring element in one dimension
    int el_i, el_j, x, y;
    for (el_i = 0; el_i < strel_m; el_i++) {
        y = i - el_center_i + el_i;
        // Make sure we have not gone off the edge of the matrix
        if ((y >= 0) && (y < img_m)) {
            // Iterate across the structuring element in the other dimension
            for (el_j = 0; el_j < strel_n; el_j++) {
                x = j - el_center_j + el_j;
                // Make sure we have not gone off the edge of the matrix
                //  and that the current structuring element value is not zero
                if ((x >= 0) && (x < img_n) && (c_strel[(el_i * strel_n) + el_j] != 0)) {
                    // Determine the value at (x, y) in the matrix
                    long long addr = ((long long)x * img_m) + y;
                    float temp = img[addr];
                    // Store the value if it is the largest so far
                    if (temp > max) max = temp;
                }
            }
        }
    }

    // Store the maximum value found
    dilated_out[((long long)i * img_n) + j] = max;
}
