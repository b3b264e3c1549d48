// Public entry points of the decompiler: code object -> Python source.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ast/ast.hpp"
#include "code/code_object.hpp"

namespace depyf::decompile {

struct DecompileOptions {
  std::string indent = "    ";
  // Print the function under this name instead of co_name (the original
  // depyf's `overwite_fn_name`).
  std::optional<std::string> function_name;
  // Prefix of the temporaries that keep the order of evaluation where the
  // bytecode holds values across statements (generated code such as
  // Dynamo's); the original depyf's `temp_prefix`.
  std::string temp_prefix = "__temp_";
  // A nested function whose body cannot be decompiled keeps its original
  // bytecode: its `def` (signature, defaults, decorators) is printed around
  // a placeholder body and the code is loaded back with marshal, with a
  // comment saying why. Off: the whole decompilation fails instead.
  bool keep_original_code = true;
  // Functions (by name or qualified name) to treat as undecompilable, so
  // tests can exercise the fallback on every version whatever still fails.
  std::vector<std::string> treat_as_undecompilable;
};

// A module or class body: its statements. A function: its full `def` (or
// `async def`) statement with nested functions and lambdas inside.
std::string decompile_source(const CodeObject& code, const DecompileOptions& options = {});

// The statements of a code object's body (no enclosing def).
ast::Body decompile_body(const CodeObject& code, const DecompileOptions& options = {});

// The `def` statement of a function code object (no defaults: those live in
// the code that creates the function).
ast::StmtPtr decompile_function(const CodeObject& code, const DecompileOptions& options = {});

}  // namespace depyf::decompile
