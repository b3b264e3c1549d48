// A CPython minor version (3.8 ... 3.15). Every version-dependent decision in
// the core is keyed on this, never on the interpreter that happens to run us.
#pragma once

#include <compare>
#include <string>

namespace depyf {

struct PythonVersion {
  int major = 3;
  int minor = 0;

  auto operator<=>(const PythonVersion&) const = default;
  bool operator==(const PythonVersion&) const = default;

  std::string to_string() const { return std::to_string(major) + "." + std::to_string(minor); }
};

inline constexpr PythonVersion kOldestSupported{3, 8};
inline constexpr PythonVersion kNewestSupported{3, 15};

inline bool is_supported(PythonVersion v) { return v >= kOldestSupported && v <= kNewestSupported; }

}  // namespace depyf
