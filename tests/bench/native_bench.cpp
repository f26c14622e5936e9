// Native side of `npm run bench`: the same kernels and training run as the WASM
// module, built with g++ and xsimd's native architecture. Prints JSON.
#include <algorithm>
#include <cstdio>
#include <string>

#include "activation.hpp"
#include "benchmark.hpp"
#include "mlp/config.hpp"
#include "mlp/experiment.hpp"
#include "simd/arch.hpp"

int main() {
    constexpr std::size_t elements = 1 << 20;
    constexpr int reps = 15;
    std::printf("{\"engine\":\"native\",\"arch\":\"%s\",\"elements\":%zu,\"kernels\":[",
                al::simd::arch_name(), elements);
    bool first = true;
    for (auto a : al::all_activations) {
        for (auto pass : {al::Pass::value, al::Pass::grad}) {
            const double simd =
                al::activation_throughput(a, pass, al::Kernel::simd, elements, reps);
            const double scalar =
                al::activation_throughput(a, pass, al::Kernel::scalar, elements, reps);
            std::printf(
                "%s{\"fn\":\"%s%s\",\"simd_meps\":%.1f,\"scalar_meps\":%.1f,\"ratio\":%.3f}",
                first ? "" : ",", al::activation_names.name(a), pass == al::Pass::grad ? "'" : "",
                simd / 1e6, scalar / 1e6, simd / scalar);
            first = false;
        }
    }
    std::printf("],\"training\":[");
    first = true;
    for (auto a : {al::Activation::relu, al::Activation::gelu}) {
        al::Config config = al::default_config();
        config.activation = a;
        double seconds = 1e300, test_acc = 0;
        for (int rep = 0; rep < 3; ++rep) {  // best of 3, like the WASM side
            al::Experiment experiment(config);
            const double t0 = al::seconds_now();
            while (experiment.step()) {
            }
            seconds = std::min(seconds, al::seconds_now() - t0);
            test_acc = experiment.evaluate_test().acc;
        }
        std::printf("%s{\"activation\":\"%s\",\"seconds\":%.4f,\"test_acc\":%.4f}",
                    first ? "" : ",", al::activation_names.name(a), seconds, test_acc);
        first = false;
    }
    std::printf("]}\n");
}
