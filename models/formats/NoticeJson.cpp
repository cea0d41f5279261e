// SPDX-License-Identifier: GPL-3.0-or-later
#include "NoticeJson.h"

#include "EventJson.h"
#include "TextHygiene.h"

#include <QDate>

namespace LedgerCurator {

namespace {

struct Member
{
    const char *key;
    qsizetype limit;
    bool required; // must not be empty
    TextKind kind;
};

enum Text {
    Source,
    SourceId,
    Work,
    Kind,
    Nature,
    Date,
    EventSource,
    NoticeDoi,
    Detail,
    Title,
    Journal,
    Urls,
    Origin,
    Status,
    ImportedAt,
    ImportedFrom,
    ListedAsOf,
    TextCount
};

constexpr Member kMembers[TextCount] = {
    { "source", NoticeLimits::kSource, true, TextKind::SingleLine },
    { "source_id", NoticeLimits::kSourceId, true, TextKind::SingleLine },
    { "work", NoticeLimits::kWork, true, TextKind::SingleLine },
    { "kind", 32, true, TextKind::SingleLine },
    { "nature", NoticeLimits::kShort, false, TextKind::SingleLine },
    { "date", 10, true, TextKind::SingleLine },
    { "event_source", NoticeLimits::kShort, true, TextKind::SingleLine },
    { "notice_doi", NoticeLimits::kShort, false, TextKind::SingleLine },
    { "detail", NoticeLimits::kLong, false, TextKind::MultiLine },
    { "title", NoticeLimits::kTitle, false, TextKind::MultiLine },
    { "journal", NoticeLimits::kShort, false, TextKind::SingleLine },
    { "urls", NoticeLimits::kLong, false, TextKind::SingleLine },
    { "origin", NoticeLimits::kShort, false, TextKind::SingleLine },
    { "status", 16, true, TextKind::SingleLine },
    { "imported_at", 24, true, TextKind::SingleLine },
    { "imported_from", NoticeLimits::kShort, false, TextKind::SingleLine },
    { "listed_as_of", 24, false, TextKind::SingleLine },
};

std::array<QString, TextCount> textsOf(const StandingNotice &n)
{
    return { n.source, n.sourceId, n.work, eventKindKey(n.event.kind), n.event.nature, n.event.date,
        n.event.source, n.event.notice, n.event.detail, n.title, n.journal, n.urls, n.origin,
        noticeStatusKey(n.status), n.importedAt, n.importedFrom, n.listedAsOf };
}

QString quoted(const QString &text)
{
    return u'\'' + text.left(80)
        + (text.size() > 80 ? QStringLiteral("...'") : QStringLiteral("'"));
}

bool isSourceName(const QString &text)
{
    return std::all_of(text.cbegin(), text.cend(), [](QChar c) {
        return (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9') || c == u'-' || c == u'_';
    });
}

//! Checks the texts (in kMembers order) and makes the notice; `where` prefixes messages.
Result<StandingNotice> checked(const std::array<QString, TextCount> &t, const QString &where)
{
    auto bad = [&where](int member, const QString &message) {
        return Error::badInput(
            where + u'.' + QLatin1String(kMembers[member].key) + QStringLiteral(": ") + message);
    };
    for (int i = 0; i < TextCount; ++i) {
        if (kMembers[i].required && t[i].isEmpty())
            return bad(i, QStringLiteral("must not be empty"));
        if (t[i].size() > kMembers[i].limit)
            return bad(i, QStringLiteral("longer than %1 characters").arg(kMembers[i].limit));
        if (const QString problem = textProblem(t[i], kMembers[i].kind); !problem.isEmpty())
            return bad(i, problem);
    }
    StandingNotice n;
    n.source = t[Source];
    if (!isSourceName(n.source))
        return bad(Source,
            QStringLiteral("expected lower-case letters, digits, '-' and '_', found %1")
                .arg(quoted(n.source)));
    n.sourceId = t[SourceId];
    n.work = t[Work];
    if (workKey(n.work) != n.work)
        return bad(Work,
            QStringLiteral("expected a DOI in lower case such as 10.1234/abc, found %1")
                .arg(quoted(n.work)));
    const auto kind = parseEventKind(t[Kind]);
    if (!kind || eventKindKey(*kind) != t[Kind])
        return bad(Kind,
            QStringLiteral("expected retraction, correction, expression_of_concern, withdrawal "
                           "or reinstatement, found %1")
                .arg(quoted(t[Kind])));
    n.event.kind = *kind;
    n.event.nature = t[Nature];
    n.event.date = t[Date];
    if (!QDate::fromString(n.event.date, Qt::ISODate).isValid() || n.event.date.size() != 10)
        return bad(
            Date, QStringLiteral("expected a date YYYY-MM-DD, found %1").arg(quoted(t[Date])));
    n.event.source = t[EventSource];
    n.event.notice = t[NoticeDoi];
    n.event.detail = t[Detail];
    n.title = t[Title];
    n.journal = t[Journal];
    n.urls = t[Urls];
    n.origin = t[Origin];
    const auto status = parseNoticeStatus(t[Status]);
    if (!status)
        return bad(Status,
            QStringLiteral("expected listed or withdrawn, found %1").arg(quoted(t[Status])));
    n.status = *status;
    n.importedAt = t[ImportedAt];
    if (!isCanonicalUtcTime(n.importedAt))
        return bad(ImportedAt,
            QStringLiteral("expected a UTC time yyyy-MM-ddTHH:mm:ss.zzzZ, found %1")
                .arg(quoted(n.importedAt)));
    n.importedFrom = t[ImportedFrom];
    n.listedAsOf = t[ListedAsOf];
    if (!n.listedAsOf.isEmpty() && !isCanonicalUtcTime(n.listedAsOf))
        return bad(ListedAsOf,
            QStringLiteral("expected a UTC time yyyy-MM-ddTHH:mm:ss.zzzZ, found %1")
                .arg(quoted(n.listedAsOf)));
    return n;
}

constexpr qsizetype kKeyIdLength = 32; // docs/signatures.md
constexpr qsizetype kSignatureLength = 86; // 64 bytes in base64url without padding

//! key_id and signature, both or neither (an unsigned notice, from before notices were signed).
//! Their shape only: whether the signature verifies is the trust's to say (NoticeSignature.h).
Result<std::optional<std::pair<QString, QString>>> readSignature(
    const QJsonObject &object, const QString &where)
{
    const QJsonValue keyId = object.value(QStringLiteral("key_id"));
    const QJsonValue signature = object.value(QStringLiteral("signature"));
    if (keyId.isUndefined() && signature.isUndefined())
        return std::optional<std::pair<QString, QString>>();
    if (keyId.isUndefined() || signature.isUndefined())
        return Error::badInput(where
            + (keyId.isUndefined() ? QStringLiteral(".key_id") : QStringLiteral(".signature"))
            + QStringLiteral(": missing: a signed notice has both key_id and signature"));
    const QString id = keyId.toString();
    if (!keyId.isString() || id.size() != kKeyIdLength
        || !std::all_of(id.cbegin(), id.cend(),
            [](QChar c) { return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f'); }))
        return Error::badInput(where
            + QStringLiteral(".key_id: expected 32 lower-case hex digits, found %1")
                  .arg(keyId.isString() ? quoted(id) : jsonTypeName(keyId)));
    const QString text = signature.toString();
    if (!signature.isString() || text.size() != kSignatureLength
        || !std::all_of(text.cbegin(), text.cend(), [](QChar c) {
               return (c >= u'A' && c <= u'Z') || (c >= u'a' && c <= u'z')
                   || (c >= u'0' && c <= u'9') || c == u'-' || c == u'_';
           }))
        return Error::badInput(where
            + QStringLiteral(".signature: expected 86 base64url characters, found %1")
                  .arg(signature.isString() ? QStringLiteral("%1 characters").arg(text.size())
                                            : jsonTypeName(signature)));
    return std::optional<std::pair<QString, QString>>(std::pair(id, text));
}

} // namespace

QJsonObject noticeToJson(const StandingNotice &notice)
{
    QJsonObject object;
    const auto texts = textsOf(notice);
    for (int i = 0; i < TextCount; ++i) {
        if (!kMembers[i].required && i >= ImportedFrom && texts[i].isEmpty())
            continue; // added later: left out when unknown, as older versions wrote them
        object.insert(QLatin1String(kMembers[i].key), texts[i]);
    }
    if (!notice.importedBy.isEmpty())
        object.insert(QStringLiteral("imported_by"), notice.importedBy);
    if (notice.isSigned()) {
        object.insert(QStringLiteral("key_id"), notice.keyId);
        object.insert(QStringLiteral("signature"), notice.signature);
    }
    if (notice.seq)
        object.insert(QStringLiteral("seq"), double(*notice.seq));
    return object;
}

QJsonArray noticesToJson(const QList<StandingNotice> &notices)
{
    QJsonArray array;
    for (const StandingNotice &n : notices)
        array.append(noticeToJson(n));
    return array;
}

Result<StandingNotice> noticeFromJson(const QJsonValue &value, const QString &where)
{
    if (!value.isObject())
        return Error::badInput(
            where + QStringLiteral(": expected an object, found ") + jsonTypeName(value));
    const QJsonObject object = value.toObject();
    std::array<QString, TextCount> texts;
    for (int i = 0; i < TextCount; ++i) {
        const QString key = QLatin1String(kMembers[i].key);
        const QJsonValue member = object.value(key);
        if (member.isUndefined() && !kMembers[i].required)
            continue;
        if (!member.isString())
            return Error::badInput(where + u'.' + key
                + QStringLiteral(": expected a string, found ") + jsonTypeName(member));
        texts[i] = member.toString();
    }
    auto notice = checked(texts, where);
    if (!notice)
        return notice;
    if (const QJsonValue by = object.value(QStringLiteral("imported_by")); !by.isUndefined()) {
        if (!by.isString() || by.toString().size() > NoticeLimits::kSourceId
            || !textProblem(by.toString()).isEmpty())
            return Error::badInput(where
                + QStringLiteral(".imported_by: expected one line of at most 128 characters"));
        notice->importedBy = by.toString();
    }
    if (auto signature = readSignature(object, where); !signature)
        return signature.error();
    else if (*signature) {
        notice->keyId = (*signature)->first;
        notice->signature = (*signature)->second;
    }
    if (const QJsonValue seq = object.value(QStringLiteral("seq")); !seq.isUndefined()) {
        const auto n = jsonWholeNumber(seq);
        if (!n || *n < 1)
            return Error::badInput(
                where + QStringLiteral(".seq: expected a positive whole number"));
        notice->seq = *n;
    }
    return notice;
}

Result<QList<StandingNotice>> noticesFromJson(const QJsonValue &value, const QString &where)
{
    if (!value.isArray())
        return Error::badInput(
            where + QStringLiteral(": expected an array, found ") + jsonTypeName(value));
    const QJsonArray array = value.toArray();
    QList<StandingNotice> out;
    out.reserve(array.size());
    for (qsizetype i = 0; i < array.size(); ++i) {
        auto notice = noticeFromJson(array.at(i), QStringLiteral("%1[%2]").arg(where).arg(i));
        if (!notice)
            return notice.error();
        out.append(std::move(*notice));
    }
    return out;
}

QString checkNotice(const StandingNotice &notice)
{
    auto result = checked(textsOf(notice), QStringLiteral("notice ") + notice.ref());
    return result ? QString() : result.error().message;
}

} // namespace LedgerCurator
