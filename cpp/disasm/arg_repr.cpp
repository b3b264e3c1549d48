#include "disasm/arg_repr.hpp"

#include <array>
#include <cstring>
#include <vector>

#include "text/python_repr.hpp"

namespace depyf::disasm {

namespace {

std::string invalid(const char* what, int index) {
  return "<invalid " + std::string(what) + " " + std::to_string(index) + ">";
}

// names[index] or a marker. Python would wrap negative indexes around; an
// index that only works that way is corrupt data, so it gets the marker too.
std::string pick(const std::vector<std::string>& names, int index, const char* what) {
  if (index < 0 || static_cast<std::size_t>(index) >= names.size()) return invalid(what, index);
  return names[index];
}

// A nullptr-terminated table from the generated opcode data.
template <std::size_t N>
std::string pick(const std::array<const char*, N>& table, int index, const char* what) {
  for (int i = 0; i < static_cast<int>(N) && table[i] != nullptr; ++i) {
    if (i == index) return table[i];
  }
  return invalid(what, index);
}

std::string const_repr(const CodeObject& code, int index) {
  if (index < 0 || static_cast<std::size_t>(index) >= code.consts.size() || !code.consts[index]) {
    return invalid("const", index);
  }
  return repr_constant(*code.consts[index], code.version);
}

// Floor division like Python's // (only differs for corrupt negative args).
int floor_div(int value, int divisor) {
  return value >= 0 ? value / divisor : -((-(value + 1)) / divisor) - 1;
}

std::string name_repr(const CodeObject& code, const Instruction& ins, int minor) {
  const int arg = *ins.arg;
  const char* base = ins.base_opname();
  const bool is_global = std::strcmp(base, "LOAD_GLOBAL") == 0 && minor >= 11;
  const bool is_attr = std::strcmp(base, "LOAD_ATTR") == 0 && minor >= 12;
  const bool is_super = std::strcmp(base, "LOAD_SUPER_ATTR") == 0;
  const bool is_import = std::strcmp(base, "IMPORT_NAME") == 0 && minor >= 15;
  if (!is_global && !is_attr && !is_super && !is_import) return pick(code.names, arg, "name");
  // The low bits of the arg are flags: bit 0 means "also push NULL" (or the
  // bound self for attributes); LOAD_SUPER_ATTR uses two flag bits; 3.15's
  // IMPORT_NAME two more (bit 0 lazy, bit 1 eager: PEP 810 lazy imports).
  const std::string name = pick(code.names, floor_div(arg, is_super || is_import ? 4 : 2), "name");
  // dis adds the flags to a non-empty name only (`from . import x` imports "").
  if (name.empty()) return name;
  if (is_import) {
    if (arg & 1) return name + " + lazy";
    if (arg & 2) return name + " + eager";
    return name;
  }
  if ((arg & 1) == 0) return name;
  const char* pushed = is_global ? "NULL" : "NULL|self";
  if (minor >= 13) return name + " + " + pushed;
  return std::string(pushed) + " + " + name;
}

std::string local_repr(const CodeObject& code, const Instruction& ins, int minor) {
  const int arg = *ins.arg;
  if (minor >= 11) return pick(code.localsplus_names, arg, "local");
  if (ins.table->info(ins.base_opcode).arg_kind == ArgKind::Local) return pick(code.varnames, arg, "local");
  // <= 3.10 cell and free variables are numbered cellvars first, then freevars
  // (indexed in place: copying both lists for every instruction was quadratic).
  if (arg >= 0 && static_cast<std::size_t>(arg) >= code.cellvars.size()) {
    const std::size_t free_index = static_cast<std::size_t>(arg) - code.cellvars.size();
    if (free_index < code.freevars.size()) return code.freevars[free_index];
    return invalid("cell", arg);
  }
  return pick(code.cellvars, arg, "cell");
}

std::string compare_repr(const OpcodeTable& table, int arg, int minor) {
  if (minor <= 11) return pick(table.compare_ops, arg, "compare op");
  if (minor == 12) return pick(table.compare_ops, arg >> 4, "compare op");
  // 3.13: bit 4 asks for the result converted to bool.
  const std::string op = pick(table.compare_ops, arg >> 5, "compare op");
  return (arg & 16) ? "bool(" + op + ")" : op;
}

// dis joins the names of the set bits it knows (3.14 added bit 4, annotate);
// unknown bits print nothing.
std::string function_flags(const OpcodeTable& table, int arg) {
  std::string out;
  for (std::size_t i = 0; i < table.function_flags.size() && table.function_flags[i] != nullptr; ++i) {
    if (!(arg & (1 << i))) continue;
    if (!out.empty()) out += ", ";
    out += table.function_flags[i];
  }
  return out;
}

// The superinstructions whose arg holds two 4-bit local indexes (3.13+;
// 3.14 added the borrowing load pair).
bool is_local_pair(const char* base) {
  static const char* const kPairs[] = {"LOAD_FAST_LOAD_FAST", "LOAD_FAST_BORROW_LOAD_FAST_BORROW",
                                       "STORE_FAST_LOAD_FAST", "STORE_FAST_STORE_FAST"};
  for (const char* name : kPairs) {
    if (std::strcmp(base, name) == 0) return true;
  }
  return false;
}

std::string format_value(int arg) {
  static const char* const kConverters[] = {"", "str", "repr", "ascii"};
  std::string out = kConverters[arg & 3];
  if (arg & 4) {
    if (!out.empty()) out += ", ";
    out += "with format";
  }
  return out;
}

std::string jump_repr(const Instruction& ins, const LabelMap& labels, int minor) {
  // 3.8/3.9 dis describes relative jumps only ("to N"); an absolute jump's
  // arg already is the target.
  if (minor <= 9 && ins.table->info(ins.base_opcode).jump == JumpKind::Absolute) return "";
  if (!ins.jump_target) return "<invalid jump>";
  if (minor <= 12) return "to " + std::to_string(*ins.jump_target);
  // 3.14's END_ASYNC_FOR names the SEND of its loop, behind it.
  const char* preposition = std::strcmp(ins.base_opname(), "END_ASYNC_FOR") == 0 ? "from " : "to ";
  const auto label = labels.find(*ins.jump_target);
  if (label == labels.end()) return preposition + std::to_string(*ins.jump_target);
  return preposition + ("L" + std::to_string(label->second));
}

}  // namespace

std::string arg_repr(const CodeObject& code, const Instruction& ins, const LabelMap& labels) {
  if (!ins.arg || ins.table == nullptr) return "";
  const int minor = code.version.minor;
  const int arg = *ins.arg;
  const OpcodeTable& table = *ins.table;
  const char* base = ins.base_opname();
  auto is = [base](const char* name) { return std::strcmp(base, name) == 0; };

  switch (table.info(ins.base_opcode).arg_kind) {
    case ArgKind::Const:
      // 3.11's dis resolves only LOAD_CONST; its other hasconst op, KW_NAMES, prints no argrepr.
      if (minor == 11 && !is("LOAD_CONST")) return "";
      return const_repr(code, arg);
    case ArgKind::Name: return name_repr(code, ins, minor);
    case ArgKind::Jump: return jump_repr(ins, labels, minor);
    case ArgKind::Local:
    case ArgKind::Free:
      if (!is_local_pair(base)) return local_repr(code, ins, minor);
      break;
    case ArgKind::Compare: return compare_repr(table, arg, minor);
    case ArgKind::None:
    case ArgKind::Other: break;
  }
  if (is_local_pair(base)) {
    return pick(code.localsplus_names, arg >> 4, "local") + ", " + pick(code.localsplus_names, arg & 15, "local");
  }
  if (is("FORMAT_VALUE")) return format_value(arg);
  if (is("MAKE_FUNCTION") || is("SET_FUNCTION_ATTRIBUTE")) return function_flags(table, arg);
  // 3.14+: dis spells out the two operand tests and the constants the
  // interpreter keeps outside co_consts (LOAD_SMALL_INT prints nothing).
  if (minor >= 14) {
    if (is("IS_OP")) return arg ? "is not" : "is";
    if (is("CONTAINS_OP")) return arg ? "not in" : "in";
    if (is("LOAD_COMMON_CONSTANT")) return pick(table.common_constants, arg, "common constant");
    if (is("LOAD_SPECIAL")) return pick(table.special_methods, arg, "special method");
  }
  if (is("CONVERT_VALUE")) {
    static const std::array<const char*, 5> kConversions = {"", "str", "repr", "ascii", nullptr};
    return arg == 0 ? "" : pick(kConversions, arg, "conversion");
  }
  if (is("BINARY_OP")) return pick(table.binary_ops, arg, "binary op");
  if (is("CALL_INTRINSIC_1")) return pick(table.intrinsic1, arg, "intrinsic");
  if (is("CALL_INTRINSIC_2")) return pick(table.intrinsic2, arg, "intrinsic");
  return "";
}

}  // namespace depyf::disasm
