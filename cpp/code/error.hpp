// The single exception type the core throws. The bindings turn it into
// depyf.DecompilationError and the CLI into a one-line message with exit 1,
// so every failure on bad input surfaces the same way.
#pragma once

#include <stdexcept>
#include <string>

namespace depyf {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace depyf
