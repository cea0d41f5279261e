// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The shape of a JSON text read as it arrives, before any of it is parsed: how deeply it nests,
// how many values it holds and, for the arrays one level below the top (the "events" of an events
// page), how many elements they hold and how large each one is. A reader of JSON from the network
// feeds it every piece as it comes and refuses the text at the first piece that passes a limit, so
// that what a parser makes of the text afterwards is bounded by the limits, not by the bytes: a
// few megabytes of `{},{},...` are millions of values to QJsonDocument (docs/server-limits.md,
// docs/sync-client.md).
//
// It does not check that the text is JSON (the parser that follows does), and it never refuses
// what is not JSON: it counts as a parser would whatever the bytes are, and refuses only past a
// limit. Linear, in constant memory (the nesting it tracks is bounded by maxDepth).

#include <QByteArrayView>
#include <QString>
#include <QtGlobal>

#include <vector>

namespace LedgerCurator {

struct JsonShapeLimits
{
    //! Arrays and objects one inside another; the top one is depth 1.
    int maxDepth = 64;
    //! Values in the whole text: every string, number, literal, array and object (keys are not
    //! values); -1: no limit.
    qint64 maxValues = -1;
    //! Elements of the arrays at depth 2 (the members of the top object, or the elements of the
    //! top array, that are arrays), all of them together; -1: no limit.
    qint64 maxElements = -1;
    //! Bytes of one such element, from its first byte to its last; -1: no limit.
    qint64 maxElementBytes = -1;
    //! Values in one such element, itself included; -1: no limit.
    qint64 maxElementValues = -1;
};

class JsonShape final
{
public:
    enum class Passed { None, Depth, Values, Elements, ElementBytes, ElementValues };

    explicit JsonShape(JsonShapeLimits limits);

    //! Reads the next bytes of the text. False once a limit is passed, then for every later call.
    bool feed(QByteArrayView bytes);

    //! Which limit was passed (None while none was).
    Passed passed() const { return m_passed; }
    //! Bytes read so far; once a limit was passed, where (from the start of the text).
    qint64 offset() const { return m_passed == Passed::None ? m_offset : m_passedAt; }
    qint64 values() const { return m_values; }
    qint64 elements() const { return m_elements; }
    const JsonShapeLimits &limits() const { return m_limits; }
    //! What was passed, for a message: "it nests more than 8 arrays and objects deep (at byte
    //! 17)", "it holds more than 20000 values (at byte 40001)", "its array holds more than 1000
    //! elements (at byte 76544)", "its array's element [12] is longer than 262144 bytes", "its
    //! array's element [3] holds more than 256 values (at byte 3021)". Empty while none was.
    QString message() const;

private:
    bool startValue(qint64 at);
    void endValue(qint64 at);
    bool fail(Passed passed, qint64 at);
    bool inCountedArray() const { return m_stack.size() == 2 && m_stack.back() == '['; }

    JsonShapeLimits m_limits;
    std::vector<char> m_stack; // '{' or '[' per open container
    qint64 m_offset = 0;
    qint64 m_values = 0;
    qint64 m_elements = 0;
    qint64 m_elementStart = -1; // where the element in progress began; -1: none
    qint64 m_elementValues = 0;
    qint64 m_passedAt = 0;
    Passed m_passed = Passed::None;
    bool m_inString = false;
    bool m_escape = false; // in a string, after a backslash
    bool m_stringIsKey = false;
    bool m_inScalar = false; // in a number, a literal, or bytes that are neither
    bool m_keyNext = false; // in an object, the next string is a key
};

} // namespace LedgerCurator
