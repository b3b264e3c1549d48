// Constants the CFG optimizer folded (header: folded_constants.hpp).
#include "decompile/idioms/cold_code_order.hpp"
#include "decompile/idioms/folded_constants.hpp"
#include "decompile/idioms/folded_float_operands.hpp"

#include "decompile/walk/function_decompiler.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <set>
#include <string>

namespace depyf::decompile {

namespace make = ast::make;

namespace {

bool is_code(const ConstantPtr& constant) {
  return constant && (constant->kind == Constant::Kind::Code ||
                      (constant->kind == Constant::Kind::Opaque && constant->code != nullptr));
}

std::optional<std::uint64_t> small_enough_int(const Constant& constant) {
  if (constant.kind != Constant::Kind::Int || constant.text.empty() || constant.text[0] == '-') return std::nullopt;
  if (constant.text.size() > 18) return std::nullopt;
  return std::stoull(constant.text);
}

ast::ExprPtr int_literal(std::uint64_t value) { return make::constant(Constant::make_int(std::to_string(value))); }

// `value` from operands below 256 (LOAD_SMALL_INT: no constant left behind).
ast::ExprPtr int_expression(std::uint64_t value) {
  if (value < 256) return int_literal(value);
  int shift = 0;
  while (((value >> shift) & 1) == 0) ++shift;
  if ((value >> shift) < 256 && shift < 64) {  // m << k
    return make::binop(int_literal(value >> shift), ast::Operator::LShift, int_literal(shift));
  }
  for (std::uint64_t factor = 2; factor < 256; ++factor) {  // a * b
    if (value % factor == 0 && value / factor < 256) {
      return make::binop(int_literal(factor), ast::Operator::Mult, int_literal(value / factor));
    }
  }
  // (high << 8) | low, high built the same way.
  auto high = make::binop(int_expression(value >> 8), ast::Operator::LShift, int_literal(8));
  if ((value & 0xff) == 0) return high;
  return make::binop(high, ast::Operator::BitOr, int_literal(value & 0xff));
}

// Ints past 18 digits (2**64, 0x8000 << 48) as decimal text: divided by a
// small number, exactly or not at all.
std::optional<std::string> divided_exactly(const std::string& decimal, std::uint64_t divisor) {
  std::string quotient;
  unsigned __int128 rest = 0;
  for (char digit : decimal) {
    rest = rest * 10 + unsigned(digit - '0');
    const auto q = std::uint64_t(rest / divisor);
    rest %= divisor;
    if (!quotient.empty() || q != 0) quotient += std::to_string(q);
  }
  if (rest != 0) return std::nullopt;
  return quotient.empty() ? std::string("0") : quotient;
}

std::optional<std::uint64_t> as_u64(const std::string& decimal) {
  if (decimal.empty() || decimal.size() > 19 || decimal[0] == '-') return std::nullopt;
  return std::stoull(decimal);
}

// The CFG optimizer folds no int wider than 128 bits (MAX_INT_SIZE).
constexpr int kMaxFoldedBits = 128;

int bit_length(std::uint64_t value) {
  int bits = 0;
  while (value) ++bits, value >>= 1;
  return bits;
}

// `value` as `m << k` (m odd and at most 64 bits), for ints too wide for
// int_expression; null where it does not fold.
ast::ExprPtr shifted_expression(const std::string& decimal) {
  if (decimal.empty() || decimal.find_first_not_of("0123456789") != std::string::npos) return nullptr;
  std::string odd = decimal;
  int shift = 0;
  while (auto half = divided_exactly(odd, 2)) {
    if (*half == "0") return nullptr;
    odd = *half, ++shift;
  }
  auto m = as_u64(odd);
  if (!m || shift == 0 || bit_length(*m) + shift > kMaxFoldedBits) return nullptr;
  auto base = *m < 256 ? int_literal(*m) : int_expression(*m);
  return make::binop(base, ast::Operator::LShift, int_literal(std::uint64_t(shift)));
}

// `value` as `(1 << k) - 1`, as sources write the largest int of k bits
// (`2**63 - 1`, `sys.maxsize`), for ints too wide for int_expression; null
// where it is not one.
ast::ExprPtr below_power_of_two(const std::string& decimal) {
  if (decimal.empty() || decimal.find_first_not_of("0123456789") != std::string::npos) return nullptr;
  // value + 1, in decimal.
  std::string next = decimal;
  int k = int(next.size()) - 1;
  while (k >= 0 && next[k] == '9') next[k--] = '0';
  if (k < 0)
    next.insert(next.begin(), '1');
  else
    ++next[k];
  int bits = 0;
  while (next != "1") {
    auto half = divided_exactly(next, 2);
    if (!half || *half == "0") return nullptr;
    next = *half, ++bits;
  }
  if (bits < 2 || bits + 1 > kMaxFoldedBits) return nullptr;  // (1 << bits has bits + 1)
  auto power = make::binop(int_literal(1), ast::Operator::LShift, int_literal(std::uint64_t(bits)));
  return make::binop(power, ast::Operator::Sub, int_literal(1));
}

// Whether every int a step of `expression` folds to is a value below 256
// or none of `avoid` (null: nothing to avoid).
bool steps_avoid(const ast::ExprPtr& expression, const std::vector<ConstantPtr>* avoid, std::uint64_t* value) {
  if (auto* constant = ast::as<ast::Constant>(expression)) {
    auto v = constant->value ? small_enough_int(*constant->value) : std::nullopt;
    if (!v) return false;
    *value = *v;
    return true;
  }
  auto* binop = ast::as<ast::BinOp>(expression);
  std::uint64_t left = 0, right = 0;
  if (!binop || !steps_avoid(binop->left, avoid, &left) || !steps_avoid(binop->right, avoid, &right)) return false;
  switch (binop->op) {
    case ast::Operator::LShift: *value = left << right; break;
    case ast::Operator::Mult: *value = left * right; break;
    case ast::Operator::BitOr: *value = left | right; break;
    default: return false;
  }
  if (avoid == nullptr || *value < 256) return true;
  const std::string text = std::to_string(*value);
  for (const auto& other : *avoid)
    if (other && other->kind == Constant::Kind::Int && other->text == text) return false;
  return true;
}

ast::ExprPtr float_expression(double value, const std::vector<ConstantPtr>* avoid = nullptr) {
  if (!std::isfinite(value) || value <= 0.0) return nullptr;
  for (int q = 2; q <= 1000; ++q) {  // p / q, as `1.0 / 3.0` mostly was
    const double p = std::round(value * q);
    if (p < 1.0 || p > 1e9 || p / double(q) != value) continue;
    // The dividend built from small ints too: as a literal past 255 it
    // would be a constant of its own, met before the folded value, maybe
    // one other code loads (`24. * 3600.` as `172800 / 2` where
    // `2 * 24 * 3600` comes later); so are the steps of its expression.
    auto dividend = int_expression(std::uint64_t(p));
    std::uint64_t folded = 0;
    if (steps_avoid(dividend, avoid, &folded)) {
      return make::binop(dividend, ast::Operator::Div, int_literal(std::uint64_t(q)));
    }
  }
  const double doubled = value * 2.0;  // exact while finite and normal
  if (!std::isfinite(doubled) || doubled / 2.0 != value) return nullptr;
  return make::binop(make::constant(Constant::make_float(doubled)), ast::Operator::Div, int_literal(2));
}

// A str (UTF-8) or bytes value: `unit * n` where it repeats a unit, else its
// two halves joined (split on a character boundary).
ast::ExprPtr text_expression(const Constant& constant) {
  const std::string& text = constant.text;
  const bool is_str = constant.kind == Constant::Kind::Str;
  auto literal = [&](std::string part) {
    return make::constant(is_str ? Constant::make_str(std::move(part)) : Constant::make_bytes(std::move(part)));
  };
  const std::size_t size = text.size();
  for (std::size_t unit = 1; unit <= size / 2; ++unit) {
    if (size % unit != 0 || size / unit > 255) continue;
    if (is_str && (static_cast<unsigned char>(text[unit]) & 0xc0) == 0x80) continue;
    bool repeats = true;
    for (std::size_t i = unit; i < size && repeats; ++i) repeats = text[i] == text[i - unit];
    if (repeats) return make::binop(literal(text.substr(0, unit)), ast::Operator::Mult, int_literal(size / unit));
  }
  std::size_t half = size / 2;
  while (is_str && half > 0 && half < size && (static_cast<unsigned char>(text[half]) & 0xc0) == 0x80) --half;
  if (half == 0 || half >= size) return nullptr;
  return make::binop(literal(text.substr(0, half)), ast::Operator::Add, literal(text.substr(half)));
}

bool same_value(const Constant& a, const Constant& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case Constant::Kind::Int:
    case Constant::Kind::Str:
    case Constant::Kind::Bytes: return a.text == b.text;
    case Constant::Kind::Float: return a.real == b.real;
    default: return false;
  }
}

bool is_negation(const Constant& negative, const Constant& value) {
  if (value.kind == Constant::Kind::Int) return negative.text == "-" + value.text;
  if (value.kind == Constant::Kind::Float) return negative.real == -value.real && std::signbit(negative.real);
  return false;
}

bool held_in_container(const Constant& value, const Constant& container) {
  for (const auto& item : container.items) {
    if (item && (same_value(value, *item) || held_in_container(value, *item))) return true;
  }
  return false;
}

// Whether the first instruction that loads `constant` is where code
// generation added it. None and booleans are often added by a load the
// optimizer then drops (`x is None` jumps, `while True`); a value that is
// also an item of a container constant was added by the container's
// display, which folding replaced.
bool first_load_added_it(const ConstantPtr& constant, const CodeObject& code) {
  switch (constant->kind) {
    case Constant::Kind::Int:
    case Constant::Kind::Float:
    case Constant::Kind::Str:
    case Constant::Kind::Bytes: break;
    case Constant::Kind::Code: return true;
    default: return false;
  }
  for (const auto& other : code.consts) {
    if (other && !other->items.empty() && held_in_container(*constant, *other)) return false;
    // (Nor the operand of a negative number, `-2.3` adding 2.3 first.)
    if (other && other->kind == constant->kind && is_negation(*other, *constant)) return false;
  }
  return true;
}

// `value` as an expression whose leftmost operand is `leading`, or null.
ast::ExprPtr led_by_value(const Constant& value, const Constant& leading) {
  auto lead = make::constant(std::make_shared<Constant>(leading));
  if (value.kind == Constant::Kind::Int && leading.kind == Constant::Kind::Int) {
    auto l = small_enough_int(leading);
    if (!l || *l == 0 || value.text.empty() || value.text[0] == '-') return nullptr;
    // As sources write big ones: a power of it (`2 ** 32`), or it shifted
    // (`1 << 64`, `0x8000 << 48`).
    if (*l >= 2) {
      std::string rest = value.text;
      int power = 0;
      while (rest != "1") {
        auto q = divided_exactly(rest, *l);
        if (!q || *q == "0") break;
        rest = *q, ++power;
      }
      if (rest == "1" && power >= 2 && double(power) * std::log2(double(*l)) <= kMaxFoldedBits) {
        return make::binop(lead, ast::Operator::Pow, int_literal(std::uint64_t(power)));
      }
    }
    {
      std::string rest = value.text;
      int shift = 0;
      while (rest != std::to_string(*l)) {
        auto half = divided_exactly(rest, 2);
        if (!half || *half == "0") break;
        rest = *half, ++shift;
      }
      if (rest == std::to_string(*l) && shift > 0 && bit_length(*l) + shift <= kMaxFoldedBits) {
        return make::binop(lead, ast::Operator::LShift, int_literal(std::uint64_t(shift)));
      }
    }
    auto v = small_enough_int(value);
    if (!v) return nullptr;
    if (*v % *l == 0) return make::binop(lead, ast::Operator::Mult, int_expression(*v / *l));
    if (*v > *l) return make::binop(lead, ast::Operator::Add, int_expression(*v - *l));
    return make::binop(lead, ast::Operator::Sub, int_expression(*l - *v));
  }
  if (value.kind == Constant::Kind::Float && (leading.kind == Constant::Kind::Float || leading.kind == Constant::Kind::Int)) {
    double l = leading.real;
    if (leading.kind == Constant::Kind::Int) {
      auto whole = small_enough_int(leading);
      if (!whole) return nullptr;
      l = double(*whole);
    }
    if (!(value.real > 0.0) || !std::isfinite(value.real) || l <= 0.0) return nullptr;
    const double q = std::round(l / value.real);
    if (q >= 1.0 && q <= 1e9 && l / q == value.real) {
      return make::binop(lead, ast::Operator::Div, int_literal(std::uint64_t(q)));
    }
    const double m = std::round(value.real / l);
    if (m >= 1.0 && m <= 1e9 && l * m == value.real) {
      return make::binop(lead, ast::Operator::Mult, int_literal(std::uint64_t(m)));
    }
    return nullptr;
  }
  if (value.kind == leading.kind && (value.kind == Constant::Kind::Str || value.kind == Constant::Kind::Bytes)) {
    const std::string& text = value.text;
    const std::string& head = leading.text;
    if (head.empty() || text.size() <= head.size() || text.compare(0, head.size(), head) != 0) return nullptr;
    if (text.size() % head.size() == 0 && text.size() / head.size() <= 255) {
      bool repeats = true;
      for (std::size_t i = head.size(); i < text.size() && repeats; ++i) repeats = text[i] == text[i - head.size()];
      if (repeats) return make::binop(lead, ast::Operator::Mult, int_literal(text.size() / head.size()));
    }
    auto rest = text.substr(head.size());
    return make::binop(lead, ast::Operator::Add,
                       make::constant(value.kind == Constant::Kind::Str ? Constant::make_str(rest)
                                                                        : Constant::make_bytes(rest)));
  }
  return nullptr;
}

// led_by_value, also for a negative value (`-1 / 2`: the CFG optimizer
// folds the negation of the kept operand first, then the division) and a
// folded tuple display, whose first item's leftmost operand leads
// (`(-1 / 4, 3 / 4)`, its items folded, then the display).
ast::ExprPtr led_by(const Constant& value, const Constant& leading) {
  if (value.kind == Constant::Kind::Tuple) {
    if (value.items.empty() || !value.items[0]) return nullptr;
    auto first = led_by(*value.items[0], leading);
    if (!first) return nullptr;
    std::vector<ast::ExprPtr> items{first};
    for (std::size_t k = 1; k < value.items.size(); ++k) items.push_back(make::constant(value.items[k]));
    return make::tuple(std::move(items));
  }
  const bool negative = (value.kind == Constant::Kind::Int && !value.text.empty() && value.text[0] == '-') ||
                        (value.kind == Constant::Kind::Float && std::signbit(value.real) && value.real != 0.0);
  if (!negative) return led_by_value(value, leading);
  Constant positive = value;
  if (value.kind == Constant::Kind::Int) {
    positive.text = value.text.substr(1);
  } else {
    positive.real = -value.real;
  }
  // The negation of the kept operand itself: the literal (`-1`, whose 1
  // code generation adds first) is led by it already.
  if (same_value(positive, leading)) return make::constant(std::make_shared<Constant>(value));
  auto led = led_by_value(positive, leading);
  auto* binop = led ? ast::as<ast::BinOp>(led) : nullptr;
  if (!binop || !(binop->op == ast::Operator::Div || binop->op == ast::Operator::Mult ||
                  binop->op == ast::Operator::LShift))
    return nullptr;
  return make::binop(make::unaryop(ast::UnaryOperator::USub, binop->left), binop->op, binop->right);
}

// Where nothing is loaded out of order but co_consts[0] is loaded by
// nothing and is no docstring: the compiler keeps the first constant
// whatever happens, so it was an operand the optimizer folded away (or a
// small int, since loaded by LOAD_SMALL_INT). In
//
//   def f(mac): return not mac & (1 << 41)      co_consts (1, 2199023255552)
//
// the first constant loaded is then the first folded one, the one whose
// leftmost operand stood at co_consts[0]: taken as the start where that
// operand explains it and every constant from there on folds again.
int start_after_kept_operand(const ir::Function& function, const std::vector<int>& first_use) {
  const CodeObject& code = *function.code;
  const int count = int(code.consts.size());
  if (count < 2 || first_use[0] >= 0 || !code.consts[0] || has_docstring(code)) return -1;
  const Constant& kept = *code.consts[0];
  for (const auto& instr : function.instrs) {
    if (instr.op != ir::Op::LoadConst || instr.arg < 0) continue;
    if (instr.arg >= count) {
      // (A small int loaded before, with the kept one's value: that load
      // put it first.)
      const ConstantPtr implicit = function.constant(instr.arg);
      if (implicit && same_value(*implicit, kept)) return -1;
      continue;
    }
    const int start = instr.arg;
    if (start == 0 || !led_by(*code.consts[start], kept)) return -1;
    for (int k = start + 1; k < count; ++k) {
      if (is_code(code.consts[k]) || !folding_expression(code.consts[k])) return -1;
    }
    return start;
  }
  return -1;
}

}  // namespace

FoldedConstants find_folded_constants(const ir::Function& function, const cfg::Graph& graph) {
  const CodeObject& code = *function.code;
  FoldedConstants found;
  if (code.version.minor < 14) return found;
  const int count = int(code.consts.size());
  std::vector<int> first_use(count, -1), loads(count, 0);
  for (int i = 0; i < int(function.instrs.size()); ++i) {
    const auto& instr = function.instrs[i];
    if (instr.op != ir::Op::LoadConst || instr.arg < 0 || instr.arg >= count) continue;
    if (first_use[instr.arg] < 0) first_use[instr.arg] = i;
    ++loads[instr.arg];
  }
  int start = -1;
  // Whether constant c is the names tuple of an import somewhere: code
  // generation added it there, though folding may load it earlier (3.15
  // `__all__ = [...]`, folded into an equal tuple an import's names made).
  auto import_names_of = [&](int c) {
    for (int j = 0; j + 1 < int(function.instrs.size()); ++j)
      if (function.instrs[j].op == ir::Op::LoadConst && function.instrs[j].arg == c &&
          function.instrs[j + 1].op == ir::Op::ImportName)
        return true;
    return false;
  };
  // Whether instruction i is the first load of a constant; if so, every constant in
  // `seen` (loaded before it) with a larger index was appended after it.
  auto first_load_checked = [&](int i, const std::set<int>& seen) {
    const auto& instr = function.instrs[i];
    if (instr.op != ir::Op::LoadConst || instr.arg < 0 || instr.arg >= count || first_use[instr.arg] != i) return false;
    auto later = seen.upper_bound(instr.arg);
    while (later != seen.end() && loads[*later] > 1 && import_names_of(*later)) ++later;
    // (An import's names, a tuple, are added where the import loads them.)
    const bool import_names = code.consts[instr.arg]->kind == Constant::Kind::Tuple &&
                              i + 1 < int(function.instrs.size()) && function.instrs[i + 1].op == ir::Op::ImportName;
    if (later != seen.end() && (start < 0 || *later < start) && loads[instr.arg] == 1 &&
        (import_names || first_load_added_it(code.consts[instr.arg], code))) {
      start = *later;
    }
    return true;
  };
  for (const auto& block : graph.blocks) {
    if (!block.reachable) continue;
    std::set<int> seen;  // indexes first loaded so far in this block
    for (int i = block.first; i <= block.last; ++i) {
      if (first_load_checked(i, seen)) seen.insert(function.instrs[i].arg);
    }
  }
  // Across blocks too, in layout order, where that is codegen order: blocks
  // reachable without exceptions (handlers go to the end), and no constant
  // from a block that ends the code (a short one is copied to where it is
  // jumped to from, earlier than it was generated).
  const std::vector<char> warm = blocks_reached_without_exceptions(graph);
  std::set<int> seen;
  for (const auto& block : graph.blocks) {
    if (!block.reachable || !warm[block.id]) continue;
    const ir::Op last = function.instrs[block.last].op;
    const bool exits = last == ir::Op::ReturnValue || last == ir::Op::RaiseVarargs || last == ir::Op::Reraise;
    for (int i = block.first; i <= block.last; ++i) {
      if (first_load_checked(i, seen) && !exits) seen.insert(function.instrs[i].arg);
    }
  }
  // And among the blocks only exceptions reach (handlers), which 3.12+
  // move to the end in the order they were generated; there only a
  // short exit (4 instructions at most) is copied to where it is jumped to.
  std::set<int> seen_cold;
  for (const auto& block : graph.blocks) {
    if (!block.reachable || warm[block.id]) continue;
    const ir::Op last = function.instrs[block.last].op;
    const bool exits = last == ir::Op::ReturnValue || last == ir::Op::RaiseVarargs || last == ir::Op::Reraise;
    const bool short_exit = exits && block.last - block.first < 4;
    for (int i = block.first; i <= block.last; ++i) {
      if (first_load_checked(i, seen_cold) && !short_exit) seen_cold.insert(function.instrs[i].arg);
    }
  }
  if (start < 0) start = start_after_kept_operand(function, first_use);
  if (start < 0) return found;
  for (int k = start; k < count; ++k) {
    if (is_code(code.consts[k])) return found;  // code objects never fold: not what it seemed
  }
  found.start = start;
  for (int i = 0; i < int(function.instrs.size()) && found.first_load < 0; ++i) {
    const auto& instr = function.instrs[i];
    if (instr.op == ir::Op::LoadConst && instr.arg >= start && instr.arg < count) found.first_load = i;
  }
  if (count > 0 && first_use[0] < 0) found.leading = code.consts[0];
  return found;
}

ast::ExprPtr folding_expression_among(const ConstantPtr& constant, const ConstantPtr& leading,
                                      const std::vector<ConstantPtr>& consts) {
  if (constant && constant->kind == Constant::Kind::Float && !(leading && led_by(*constant, *leading))) {
    return float_expression(constant->real, &consts);
  }
  return folding_expression(constant, leading);
}

ast::ExprPtr folding_expression(const ConstantPtr& constant, const ConstantPtr& leading) {
  if (!constant) return nullptr;
  if (leading) {
    if (auto led = led_by(*constant, *leading)) return led;
  }
  switch (constant->kind) {
    case Constant::Kind::Int: {
      auto value = small_enough_int(*constant);
      if (!value) {
        if (auto shifted = shifted_expression(constant->text)) return shifted;
        return below_power_of_two(constant->text);
      }
      if (*value < 256) return nullptr;
      return int_expression(*value);
    }
    case Constant::Kind::Float: return float_expression(constant->real);
    case Constant::Kind::Str:
    case Constant::Kind::Bytes: return text_expression(*constant);
    default: return nullptr;
  }
}

}  // namespace depyf::decompile
