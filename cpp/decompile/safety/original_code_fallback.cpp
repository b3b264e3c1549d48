// A nested function whose body cannot be decompiled keeps its original
// bytecode, so the rest of the module, class or function still comes out as
// source that runs the same:
//
//     def name(<signature as decompiled>):
//         # depyf: ... could not be decompiled (reason); its original bytecode is loaded below
//         (free, variables)
//     name.__code__ = __import__('marshal').loads(b'...')
//     name = decorator(name)
//
// The placeholder mentions the original's free variables so that it gets the
// same closure (free variables are ordered by name in both), which is what
// assigning __code__ checks; `__class__` among them makes the class body
// create its cell. It is a generator (a bare `yield` after the rest) when the
// original is one: 3.14 warns on assigning a generator's code to a plain
// function, and suites that turn warnings into errors then fail. Decorators
// are applied after the code swap, by call.
#include <algorithm>

#include "code/error.hpp"
#include "decompile/walk/function_decompiler.hpp"
#include "marshal/marshal_writer.hpp"

namespace depyf::decompile {

namespace make = ast::make;

namespace {

bool named_in(const std::vector<std::string>& names, const CodeObject& code, const std::string& qualname) {
  return std::any_of(names.begin(), names.end(),
                     [&](const std::string& n) { return n == code.name || n == code.qualname || n == qualname; });
}

ast::ExprPtr load_original_code(const CodeObject& code) {
  auto marshal = make::call(make::name("__import__"), {make::constant(Constant::make_str("marshal"))});
  return make::call(make::attribute(marshal, "loads"),
                    {make::constant(Constant::make_bytes(write_marshal_code(code)))});
}

}  // namespace

void FunctionDecompiler::define_function(ast::Body& out, const FunctionValue& function,
                                         const std::vector<ast::ExprPtr>& decorators, int index) {
  const CodeObject& code = *function.code;
  const std::string& name = code.name;
  std::string reason;
  try {
    if (named_in(options_.treat_as_undecompilable, code, function.qualname))
      throw Error("treated as undecompilable on request");
    emit(out, function_statement(function, name, decorators, index), index);
    return;
  } catch (const Error& error) {
    if (!options_.keep_original_code) throw;
    reason = error.what();
  }
  std::replace(reason.begin(), reason.end(), '\n', ' ');
  ast::ExprPtr original;
  try {
    original = load_original_code(code);
  } catch (const Error& error) {
    // Nothing to fall back on (a constant with no marshal form): the
    // original error is the one to report.
    throw Error(reason + " (and its bytecode cannot be kept: " + error.what() + ")");
  }

  ast::Body placeholder;
  // A function's __doc__ is taken from its first constant when the def
  // runs (≤3.13: whenever that is a str, 3.14+ when flagged as one), not from a code assigned later.
  if (has_docstring(code))
    placeholder.push_back(make::expr_stmt(make::constant(code.consts[0])));
  placeholder.push_back(make::comment("depyf: the body of " + (code.qualname.empty() ? name : code.qualname) +
                                      " could not be decompiled (" + reason +
                                      "); its original bytecode is loaded below"));
  if (!code.freevars.empty()) {
    std::vector<ast::ExprPtr> free;
    for (const auto& variable : code.freevars) free.push_back(make::name(variable));
    placeholder.push_back(make::expr_stmt(make::tuple(free)));
  } else {
    placeholder.push_back(make::pass());
  }
  if (code.flags & (kFlagGenerator | kFlagAsyncGenerator)) placeholder.push_back(make::expr_stmt(make::yield_()));
  emit(out, function_def(function, name, placeholder, {}), index);
  emit(out, make::assign(make::attribute(make::name(name), "__code__", ast::ExprContext::Store), original), index);
  if (!decorators.empty()) {
    ast::ExprPtr decorated = make::name(name);
    for (auto it = decorators.rbegin(); it != decorators.rend(); ++it) decorated = make::call(*it, {decorated});
    emit(out, make::assign(make::name(name, ast::ExprContext::Store), decorated), index);
  }
}

}  // namespace depyf::decompile
