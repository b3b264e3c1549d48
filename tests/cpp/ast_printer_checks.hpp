// Shared helpers of the AST printer tests: print a tree for a version,
// compare with the expected text, and optionally record every case for the
// ast.dump round-trip check (DEPYF_AST_PRINTER_CASES).
#pragma once

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <string>

#include "ast/ast.hpp"
#include "ast/dump.hpp"
#include "print/printer.hpp"
#include "text/json_writer.hpp"

namespace {


namespace mk = depyf::ast::make;
using namespace depyf::ast;
using depyf::PythonVersion;
using depyf::print::PrintOptions;

PrintOptions for_version(int minor) {
  PrintOptions options;
  options.target = PythonVersion{3, minor};
  return options;
}

// With DEPYF_AST_PRINTER_CASES=<file>, every checked case is appended to
// <file> as a JSON line (mode, minor, dump, text), so that a script can
// reparse each text with the matching interpreter and compare its ast.dump
// with the tree's (the ast.dump round-trip check).
void record(const char* mode, int minor, const std::string& tree, const std::string& text) {
  const char* path = std::getenv("DEPYF_AST_PRINTER_CASES");
  if (path == nullptr) return;
  std::string line = "{\"mode\": \"";
  line += mode;
  line += "\", \"minor\": " + std::to_string(minor) + ", \"dump\": ";
  depyf::append_json_string(line, tree);
  line += ", \"text\": ";
  depyf::append_json_string(line, text);
  line += "}\n";
  std::ofstream(path, std::ios::app) << line;
}

// Prints `e` for 3.<minor> and compares with `expected`.
void check_expr(const ExprPtr& e, const std::string& expected, int minor = 8) {
  const std::string text = depyf::print::print_expr(*e, for_version(minor));
  EXPECT_EQ(text, expected);
  record("eval", minor, dump(*e), text);
}

// Prints a module of `body` for 3.<minor>; `expected` is the whole text.
void check_module(Body body, const std::string& expected, int minor = 8) {
  Module module{std::move(body)};
  const std::string text = depyf::print::print_module(module, for_version(minor));
  EXPECT_EQ(text, expected);
  record("exec", minor, dump(module), text);
}

void check_stmt(const StmtPtr& s, const std::string& expected_line, int minor = 8) {
  check_module({s}, expected_line + "\n", minor);
}

// Short names for the leaves every test needs.
std::shared_ptr<Name> n(const std::string& id) {
  return mk::name(id);
}
std::shared_ptr<depyf::ast::Constant> i(std::int64_t v) {
  return mk::int_(v);
}
std::shared_ptr<depyf::ast::Constant> s(const std::string& v) {
  return mk::str(v);

}  // namespace
