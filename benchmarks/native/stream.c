/* STREAM triad a[i] = b[i] + s * c[i] over 3 x 2^25 f64 (768 MiB): best bandwidth of 10 runs, at 1 thread and at all
 * threads (OpenMP), counting 24 bytes per element as STREAM does. Prints one JSON line per thread count. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N (1L << 25)

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(void) {
    double *a = malloc(N * sizeof(double)), *b = malloc(N * sizeof(double)), *c = malloc(N * sizeof(double));
#pragma omp parallel for
    for (long i = 0; i < N; i++) a[i] = 0, b[i] = 1, c[i] = 2;
    int all = omp_get_num_procs();
    for (int t = 1; t <= all; t += (all > 1 ? all - 1 : 1)) {
        omp_set_num_threads(t);
        double best = 1e30;
        for (int k = 0; k < 10; k++) {
            double s = now();
#pragma omp parallel for
            for (long i = 0; i < N; i++) a[i] = b[i] + 3.0 * c[i];
            double e = now() - s;
            if (e < best) best = e;
        }
        printf("{\"threads\": %d, \"triad_gb_s\": %.2f, \"check\": %g}\n", t, 24.0 * N / best / 1e9, a[N / 2]);
    }
    return 0;
}
