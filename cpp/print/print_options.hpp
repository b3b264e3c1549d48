// Options of the source printer.
#pragma once

#include <functional>
#include <string>

#include "code/constant.hpp"
#include "code/python_version.hpp"

namespace depyf::print {

struct PrintOptions {
  // One level of indentation.
  std::string indent = "    ";

  // The Python version the text must compile under. It decides f-string
  // quoting (PEP 701 relaxed the rules in 3.12), whether a starred item may
  // stand bare in a subscript (3.11) and whether a walrus may (3.10), and
  // whether `for x in *a, b:` needs parentheses (3.8).
  PythonVersion target = kNewestSupported;

  // Text for a constant that has no literal form (Constant::Kind::Opaque, or
  // a code object outside a def/lambda). Unset: a placeholder name,
  // `__depyf_opaque_<index>` / `__depyf_code_<name>`, so the output still
  // parses; the caller is expected to bind that name.
  std::function<std::string(const depyf::Constant&)> opaque_constant;
};

}  // namespace depyf::print
