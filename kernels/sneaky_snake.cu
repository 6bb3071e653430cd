// A pre-alignment filter for read mapping, SneakySnake's GPU kernel (Alser et al., ETH Zurich
// and Bilkent University; HeCBench src/snake-cuda, kernel.h `sneaky_snake`) (blind check set
// 38: written after calibration, never fitted on). Each thread takes one read and one
// candidate reference segment of 100 bases, 2 bits a base, 16 bases to a 32-bit word, 8 words
// a sequence (NBytes), and walks the chip maze of the 2E + 1 diagonals around the main one
// (E = F_ErrorThreshold): at each step it XORs the read, shifted by 2e bits up (upper
// diagonals, with the corner case of the first word masked by set bits) or down (lower
// diagonals, the last word's corner case masking the bases past 200 bits), against the
// reference from the current shift, takes the longest run of leading zeros (__clz) over the
// diagonals, rounded down to whole bases, as the obstacle-free stretch, counts an edit where
// that stretch is shorter than the word (or, in the last word, than 4 bases), rejects the
// pair (result 0) once the edits pass E, and otherwise moves past the stretch and one more
// base (the shift modulo 32, the next word when it wraps) until 200 bits are covered or the
// seventh word is reached; the result is 1 for an accepted pair. lsl / lsr leave the word
// unchanged for shifts outside 1 .. 31 (HeCBench's helpers: so at shift 0 the window ORs the
// next word in whole, as the source does), set_bit ORs lsl(1, bit). Departures: the block
// of any shape linearized (HeCBench launches 256-thread blocks); uint written unsigned; the
// Diagonal counter, incremented and never read, dropped. Written from memory and checked
// against HeCBench's public source.
// 1-D: one read pair per thread (two 32 B records, 32 B apart across the warp), integer
// arithmetic with data-dependent loops and early exits.
#include "common.cuh"

#define SNAKE_NBYTES 8

__device__ __forceinline__ unsigned snake_lsr(unsigned x, int sa) {
    if (sa > 0 && sa < 32) return (x >> sa);
    return x;
}

__device__ __forceinline__ unsigned snake_lsl(unsigned x, int sa) {
    if (sa > 0 && sa < 32) return (x << sa);
    return x;
}

__device__ __forceinline__ unsigned snake_set_bit(unsigned& data, int y) {
    data |= snake_lsl(1, y);
    return data;
}

extern "C" __global__ void sneaky_snake(const unsigned* F_ReadSeq, const unsigned* F_RefSeq,
                                        int* Ftest_Results, int NumReads,
                                        int F_ErrorThreshold) {
    const long long tid = ga_linear();
    if (tid >= NumReads) return;

    unsigned ReadsPerThread[SNAKE_NBYTES];
    unsigned RefsPerThread[SNAKE_NBYTES];

    for (int i = 0; i < SNAKE_NBYTES; i++) {
        ReadsPerThread[i] = F_ReadSeq[tid * 8 + i];
        RefsPerThread[i] = F_RefSeq[tid * 8 + i];
    }

    Ftest_Results[tid] = 1;

    unsigned ReadCompTmp = 0;
    unsigned RefCompTmp = 0;
    unsigned DiagonalResult = 0;

    unsigned ReadTmp1 = 0;
    unsigned ReadTmp2 = 0;

    unsigned RefTmp1 = 0;
    unsigned RefTmp2 = 0;

    unsigned CornerCase = 0;

    int localCounter = 0;
    int localCounterMax = 0;
    int globalCounter = 0;
    int Max_leading_zeros = 0;
    int AccumulatedErrs = 0;

    int ShiftValue = 0;

    int j = 0;  // the word of each sequence being compared (0 .. 7)

    while ((j < 7) && (globalCounter < 200)) {
        RefTmp1 = snake_lsl(RefsPerThread[j], ShiftValue);
        RefTmp2 = snake_lsr(RefsPerThread[j + 1], 32 - ShiftValue);
        ReadTmp1 = snake_lsl(ReadsPerThread[j], ShiftValue);
        ReadTmp2 = snake_lsr(ReadsPerThread[j + 1], 32 - ShiftValue);

        ReadCompTmp = ReadTmp1 | ReadTmp2;
        RefCompTmp = RefTmp1 | RefTmp2;
        DiagonalResult = ReadCompTmp ^ RefCompTmp;
        localCounterMax = __clz(DiagonalResult);

        // upper diagonals
        for (int e = 1; e <= F_ErrorThreshold; e++) {
            CornerCase = 0;
            if ((j == 0) && ((ShiftValue - (2 * e)) < 0)) {
                ReadTmp1 = snake_lsr(ReadsPerThread[j], 2 * e - ShiftValue);
                ReadTmp2 = 0;

                ReadCompTmp = ReadTmp1 | ReadTmp2;
                RefCompTmp = RefTmp1 | RefTmp2;

                DiagonalResult = ReadCompTmp ^ RefCompTmp;

                CornerCase = 0;
                for (int Ci = 0; Ci < (2 * e) - ShiftValue; Ci++) {
                    snake_set_bit(CornerCase, 31 - Ci);
                }

                DiagonalResult = DiagonalResult | CornerCase;
                localCounter = __clz(DiagonalResult);
            } else if ((ShiftValue - (2 * e)) < 0) {
                ReadTmp1 = snake_lsl(ReadsPerThread[j - 1], 32 - (2 * e - ShiftValue));
                ReadTmp2 = snake_lsr(ReadsPerThread[j], 2 * e - ShiftValue);

                ReadCompTmp = ReadTmp1 | ReadTmp2;
                RefCompTmp = RefTmp1 | RefTmp2;

                DiagonalResult = ReadCompTmp ^ RefCompTmp;

                localCounter = __clz(DiagonalResult);
            } else {
                ReadTmp1 = snake_lsl(ReadsPerThread[j], ShiftValue - 2 * e);
                ReadTmp2 = snake_lsr(ReadsPerThread[j + 1], 32 - (ShiftValue - 2 * e));

                ReadCompTmp = ReadTmp1 | ReadTmp2;
                RefCompTmp = RefTmp1 | RefTmp2;

                DiagonalResult = ReadCompTmp ^ RefCompTmp;

                localCounter = __clz(DiagonalResult);
            }
            if (localCounter > localCounterMax) localCounterMax = localCounter;
        }

        // lower diagonals
        for (int e = 1; e <= F_ErrorThreshold; e++) {
            CornerCase = 0;
            if (j < 5) {
                if ((ShiftValue + 2 * e) < 32) {
                    ReadTmp1 = snake_lsl(ReadsPerThread[j], ShiftValue + 2 * e);
                    ReadTmp2 = snake_lsr(ReadsPerThread[j + 1], 32 - (ShiftValue + 2 * e));

                    ReadCompTmp = ReadTmp1 | ReadTmp2;
                    RefCompTmp = RefTmp1 | RefTmp2;

                    DiagonalResult = ReadCompTmp ^ RefCompTmp;
                    localCounter = __clz(DiagonalResult);
                } else {
                    ReadTmp1 = snake_lsl(ReadsPerThread[j + 1], (ShiftValue + 2 * e) % 32);
                    ReadTmp2 = snake_lsr(ReadsPerThread[j + 2], 32 - (ShiftValue + 2 * e) % 32);

                    ReadCompTmp = ReadTmp1 | ReadTmp2;
                    RefCompTmp = RefTmp1 | RefTmp2;

                    DiagonalResult = ReadCompTmp ^ RefCompTmp;

                    localCounter = __clz(DiagonalResult);
                }
            } else {
                ReadTmp1 = snake_lsl(ReadsPerThread[j], ShiftValue + 2 * e);
                ReadTmp2 = snake_lsr(ReadsPerThread[j + 1], 32 - (ShiftValue + 2 * e));

                ReadCompTmp = ReadTmp1 | ReadTmp2;
                RefCompTmp = RefTmp1 | RefTmp2;
                DiagonalResult = ReadCompTmp ^ RefCompTmp;

                CornerCase = 0;
                if ((globalCounter + 32) > 200) {
                    for (int Ci = globalCounter + 32 - 200;
                         Ci < globalCounter + 32 - 200 + 2 * e; Ci++) {
                        snake_set_bit(CornerCase, Ci);
                    }
                } else if ((globalCounter + 32) >= (200 - (2 * e))) {
                    for (int Ci = 0; Ci < (2 * e); Ci++) {
                        snake_set_bit(CornerCase, Ci);
                    }
                }
                DiagonalResult = DiagonalResult | CornerCase;

                localCounter = __clz(DiagonalResult);
            }

            if (localCounter > localCounterMax) localCounterMax = localCounter;
        }

        Max_leading_zeros = 0;

        if ((j == 6) && (((localCounterMax / 2) * 2) >= 8)) {
            Max_leading_zeros = 8;
            break;
        } else if ((localCounterMax / 2 * 2) > Max_leading_zeros) {
            Max_leading_zeros = ((localCounterMax / 2) * 2);
        }

        if (((Max_leading_zeros / 2) < 16) && (j < 5)) {
            AccumulatedErrs += 1;
        } else if ((j == 6) && ((Max_leading_zeros / 2) < 4)) {
            AccumulatedErrs += 1;
        }

        if (AccumulatedErrs > F_ErrorThreshold) {
            Ftest_Results[tid] = 0;
            break;
        }

        if (ShiftValue + Max_leading_zeros + 2 >= 32) {
            j += 1;
        }

        if (Max_leading_zeros == 32) {
            globalCounter += Max_leading_zeros;
        } else {
            ShiftValue = ((ShiftValue + Max_leading_zeros + 2) % 32);
            globalCounter += (Max_leading_zeros + 2);
        }
    }
}
