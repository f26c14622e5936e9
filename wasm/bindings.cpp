// Embind: the only Emscripten-aware file. It exposes the core to JavaScript
// (the page's workers, the CLI, the JS tests); wasm/activation-lab.d.ts types it.
// Bad input from JS raises a JS Error (RangeError/TypeError) with a clear message;
// the core itself never throws.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <string>
#include <vector>

#include "activation.hpp"
#include "benchmark.hpp"
#include "simd/arch.hpp"

using emscripten::val;

namespace {

[[noreturn]] void throw_js(const char* type, const std::string& message) {
  val::global(type).new_(val(message)).throw_();
}

al::Activation activation_or_throw(const std::string& name) {
  if (auto a = al::parse_activation(name)) return *a;
  throw_js("RangeError", "unknown activation '" + name +
                             "' (expected relu, gelu, gelu_tanh, silu or identity)");
}

// A JS Float32Array holding a copy of `values` (a view would dangle).
val float32_copy(const float* values, std::size_t n) {
  val out = val::global("Float32Array").new_(n);
  out.call<void>("set", val(emscripten::typed_memory_view(n, values)));
  return out;
}

std::string activation_names_json() {
  std::string json = "[";
  for (auto a : al::all_activations) {
    if (json.size() > 1) json += ",";
    json += std::string("\"") + al::activation_name(a) + "\"";
  }
  return json + "]";
}

// f(x) or f'(x) of a Float32Array (or any array of numbers), SIMD kernel or scalar reference.
val evaluate(const std::string& fn, bool grad, bool scalar, const val& xs) {
  const al::Activation a = activation_or_throw(fn);
  if (!xs.instanceof(val::global("Float32Array")) && !xs.isArray()) {
    throw_js("TypeError", "evaluate: xs must be a Float32Array or an array of numbers");
  }
  std::vector<float> x = emscripten::convertJSArrayToNumberVector<float>(xs);
  std::vector<float> y(x.size());
  if (grad) {
    scalar ? al::activate_grad_scalar(a, x.data(), y.data(), x.size())
           : al::activate_grad(a, x.data(), y.data(), x.size());
  } else {
    scalar ? al::activate_scalar(a, x.data(), y.data(), x.size())
           : al::activate(a, x.data(), y.data(), x.size());
  }
  return float32_copy(y.data(), y.size());
}

double bench_activation(const std::string& fn, bool grad, bool scalar, double n, int reps) {
  const al::Activation a = activation_or_throw(fn);
  // Bounded so that a page or a URL cannot ask for gigabytes.
  if (!(n >= 1 && n <= (1 << 24)) || reps < 1 || reps > 1000) {
    throw_js("RangeError", "benchActivation: n must be in [1, 16777216] and reps in [1, 1000]");
  }
  return al::activation_throughput(a, grad ? al::Pass::grad : al::Pass::value,
                                   scalar ? al::Kernel::scalar : al::Kernel::simd,
                                   static_cast<std::size_t>(n), reps);
}

std::string simd_arch() { return al::simd::arch_name(); }

}  // namespace

EMSCRIPTEN_BINDINGS(activation_lab) {
  using namespace emscripten;
  function("activationNames", &activation_names_json);
  function("simdArch", &simd_arch);
  function("evaluate", &evaluate);
  function("normalCdf", &al::normal_cdf);
  function("benchActivation", &bench_activation);
}
