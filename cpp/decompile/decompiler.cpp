#include "decompile/decompiler.hpp"

#include "decompile/walk/function_decompiler.hpp"
#include "print/printer.hpp"

namespace depyf::decompile {

namespace {

print::PrintOptions print_options(const CodeObject& code, const DecompileOptions& options) {
  print::PrintOptions result;
  result.indent = options.indent;
  result.target = code.version;
  return result;
}

bool is_identifier(const std::string& name) {
  if (name.empty() || !(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_' || (name[0] & 0x80)))
    return false;
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || (c & 0x80))) return false;
  return true;
}

}  // namespace

ast::Body decompile_body(const CodeObject& code, const DecompileOptions& options) {
  return FunctionDecompiler(code, options).run();
}

ast::StmtPtr decompile_function(const CodeObject& code, const DecompileOptions& options) {
  FunctionDecompiler decompiler(code, options);
  ast::Body body = decompiler.run();
  std::string name = options.function_name.value_or(code.name);
  if (!is_identifier(name)) name = "__depyf_" + std::string(code.name == "<lambda>" ? "lambda" : "code");
  auto args = signature_of(code);
  if (code.flags & (kFlagCoroutine | kFlagAsyncGenerator)) return ast::make::async_function_def(name, args, body);
  return ast::make::function_def(name, args, body);
}

std::string decompile_source(const CodeObject& code, const DecompileOptions& options) {
  const CodeKind kind = code_kind(code);
  ast::Module module;
  if (kind == CodeKind::Module || kind == CodeKind::Class) {
    module.body = decompile_body(code, options);
  } else {
    module.body.push_back(decompile_function(code, options));
  }
  return print::print_module(module, print_options(code, options));
}

}  // namespace depyf::decompile
