// Enums with names: one constexpr table of {value, name} per enum gives the name of a value, the
// value of a name, the list of values and the names joined for messages. Every enum a user
// names (activations, data sets, inits, norms, the Transformer's FFN) is declared this way, so the
// CLI, the configs and the page read and list the same names.
#pragma once
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace al {

template <class E>
struct EnumName {
    E value;
    const char* name;
};

template <class E, std::size_t N>
struct NamedEnum {
    std::array<EnumName<E>, N> entries;

    // The name of `e`; "?" for a value outside the table (a cast from a bad integer).
    constexpr const char* name(E e) const {
        for (const EnumName<E>& x : entries)
            if (x.value == e) return x.name;
        return "?";
    }
    constexpr std::optional<E> parse(std::string_view s) const {
        for (const EnumName<E>& x : entries)
            if (s == x.name) return x.value;
        return std::nullopt;
    }
    constexpr bool contains(E e) const {
        for (const EnumName<E>& x : entries)
            if (x.value == e) return true;
        return false;
    }
    // Every value, in the table's order.
    constexpr std::array<E, N> values() const {
        std::array<E, N> v{};
        for (std::size_t i = 0; i < N; ++i) v[i] = entries[i].value;
        return v;
    }
    // The entries that keep(value) accepts, in order; M must be their count (otherwise the
    // table does not compile: at() and the throw are not constant expressions).
    template <std::size_t M, class Keep>
    constexpr NamedEnum<E, M> subset(Keep keep) const {
        NamedEnum<E, M> t{};
        std::size_t k = 0;
        for (const EnumName<E>& x : entries)
            if (keep(x.value)) t.entries.at(k++) = x;
        if (k != M) throw "subset: M is not the count of kept entries";
        return t;
    }
    // The names for a message: "a, b, c" (sep ", "), or "a, b or c" with last " or ".
    std::string joined(const char* sep = ", ", const char* last = nullptr) const {
        std::string s;
        for (std::size_t i = 0; i < N; ++i) {
            if (i) s += last && i + 1 == N ? last : sep;
            s += entries[i].name;
        }
        return s;
    }
};

// named_enum<E>({{E::a, "a"}, {E::b, "b"}}): the table, its size deduced.
template <class E, std::size_t N>
constexpr NamedEnum<E, N> named_enum(const EnumName<E> (&entries)[N]) {
    NamedEnum<E, N> t{};
    for (std::size_t i = 0; i < N; ++i) t.entries[i] = entries[i];
    return t;
}

}  // namespace al
