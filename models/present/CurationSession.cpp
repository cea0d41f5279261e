// SPDX-License-Identifier: GPL-3.0-or-later
#include "CurationSession.h"

#include "CurationFieldInfo.h"
#include "TextHygiene.h"

#include "SettingsKeys.h"
#include "SigningKeyStore.h"

#include "CorrectionWriter.h"
#include "HelperThread.h"
#include "RunBeside.h"
#include "Store.h"

#include <QSettings>
#include <QUndoCommand>

#include <algorithm>

namespace LedgerCurator {

namespace {

//! One undoable step: a set of field edits. redo() writes the target values, undo() writes the
//! values shown before; both append events, never delete them.
class CorrectionCommand final : public QUndoCommand
{
public:
    CorrectionCommand(CurationSession &session, QList<FieldEdit> targets, QList<FieldEdit> previous,
        const QString &text)
        : QUndoCommand(text)
        , m_session(session)
        , m_targets(std::move(targets))
        , m_previous(std::move(previous))
    {
    }

    void redo() override
    {
        // The session wrote the values before pushing (so a failure pushes nothing);
        // QUndoStack::push() calls redo() once more, which must not write them twice.
        if (m_alreadyApplied) {
            m_alreadyApplied = false;
            return;
        }
        write(m_targets);
    }
    void undo() override { write(m_previous); }
    //! Every edit is a notice review's (its status or note).
    bool isReview() const
    {
        return !m_targets.isEmpty()
            && std::all_of(m_targets.cbegin(), m_targets.cend(),
                [](const FieldEdit &e) { return curationFieldInfo(e.field).noticeDecision; });
    }

private:
    void write(const QList<FieldEdit> &values)
    {
        if (auto status = m_session.writeValues(values); !status)
            Q_EMIT m_session.errorOccurred(status.error().toString());
    }

    CurationSession &m_session;
    QList<FieldEdit> m_targets;
    QList<FieldEdit> m_previous;
    bool m_alreadyApplied = true;
};

} // namespace

CurationSession::CurationSession(Store &store, QObject *parent)
    : QObject(parent)
    , m_store(store)
{
    m_undoStack.setObjectName(QStringLiteral("undoStack"));
}

CurationSession::~CurationSession() = default;

bool CurationSession::isReviewStep(int index) const
{
    const auto *command = dynamic_cast<const CorrectionCommand *>(m_undoStack.command(index));
    return command && command->isReview();
}

void RecordStep::redo()
{
    if (m_skip > 0) {
        --m_skip;
        return;
    }
    apply();
}

void RecordStep::undo()
{
    if (m_skip > 0) {
        --m_skip;
        return;
    }
    revert();
}

void CurationSession::clearKeepingRecordSteps()
{
    QList<RecordStep *> done;
    QList<RecordStep *> undone;
    for (int i = 0; i < m_undoStack.count(); ++i) {
        if (const auto *step = dynamic_cast<const RecordStep *>(m_undoStack.command(i)))
            (i < m_undoStack.index() ? done : undone).append(step->clone());
    }
    m_undoStack.clear();
    // Pushed in their order, none run again; then the undone ones undone again, none run.
    const QList<RecordStep *> kept = done + undone;
    for (RecordStep *step : kept) {
        step->skipNext();
        m_undoStack.push(step);
    }
    for (qsizetype i = undone.size() - 1; i >= 0; --i) {
        undone[i]->skipNext();
        m_undoStack.undo();
    }
}

void CurationSession::setRecord(CuratedRecord record)
{
    clearKeepingRecordSteps();
    m_record = std::move(record);
    Q_EMIT recordLoaded();
}

Status CurationSession::open(const QString &arxivId)
{
    auto loaded = m_store.loadCurated(arxivId);
    if (!loaded)
        return loaded.error();
    if (!loaded->has_value())
        return Error::badInput(tr("Record %1 is not in the cache.").arg(arxivId));
    setRecord(std::move(**loaded));
    return {};
}

void CurationSession::close()
{
    setRecord(CuratedRecord {});
}

Status CurationSession::reload()
{
    if (!hasRecord())
        return {};
    auto loaded = m_store.loadCurated(m_record.upstream.arxivId);
    if (!loaded)
        return loaded.error();
    if (!loaded->has_value())
        return Error::failure(
            tr("Record %1 is no longer in the cache.").arg(m_record.upstream.arxivId));
    QStringList changed;
    for (const auto &o : (*loaded)->shown.observations)
        changed.append(o.id);
    m_record = std::move(**loaded);
    Q_EMIT recordChanged(changed);
    return {};
}

QString CurationSession::author() const
{
    return m_author.isEmpty() ? configuredCuratorName() : m_author;
}

Result<SigningKey> CurationSession::signingKey(const QString &author)
{
    if (m_key && m_key->first == author)
        return m_key->second;
    auto key = loadCuratorKey(author);
    if (!key)
        return key.error();
    m_key.emplace(author, *key);
    return *key;
}

Status CurationSession::writeValues(const QList<FieldEdit> &edits)
{
    if (!hasRecord())
        return Error::failure(tr("No record is open."));
    // The window asks for a name before it asks for a correction (ensureCuratorIdentity()):
    // nothing is prompted here, inside a write.
    const QString author = this->author();
    if (author.isEmpty())
        return Error::of(Error::Kind::Cancelled, notRecordedWithoutName());
    auto key = signingKey(author);
    if (!key)
        return Error::failure(tr("Not recorded: the signing key of %1 could not be loaded: %2")
                                  .arg(author, key.error().toString()));
    CorrectionWriter writer(m_store, author, *key);
    auto written = writer.write(m_record, edits);
    if (!written)
        return written.error();
    if (written->recordedNothing())
        return {};
    QStringList observations;
    for (const WrittenEdit &edit : std::as_const(written->edits)) {
        if (edit.recorded() && !observations.contains(edit.edit.observation))
            observations.append(edit.edit.observation);
    }
    if (!applyMoreCorrections(m_record, written->events)) {
        QList<CorrectionEvent> all = m_record.events;
        all.append(written->events);
        m_record = applyCorrections(
            m_record.upstream, std::move(all), m_record.notices, Threads::runBesideIfWorthIt);
    }
    // A review decision on a notice shows on every observation citing its work.
    Q_EMIT recordChanged(observationsShowingChange(m_record, observations));
    return {};
}

Result<bool> CurationSession::applyEdits(const QList<FieldEdit> &edits, const QString &description)
{
    if (!hasRecord())
        return Error::failure(tr("No record is open."));
    QList<FieldEdit> targets;
    QList<FieldEdit> previous;
    for (const FieldEdit &edit : edits) {
        if (editChangesNothing(m_record, edit))
            continue;
        const FieldState *current = m_record.field(edit.observation, edit.field);
        const std::optional<QString> shown = current ? current->value() : std::nullopt;
        targets.append(edit);
        previous.append(FieldEdit { edit.observation, edit.field, shown });
    }
    if (targets.isEmpty())
        return false;
    // Write first so that a failure leaves no command on the stack.
    if (auto status = writeValues(targets); !status)
        return status.error();
    m_undoStack.push(new CorrectionCommand(*this, targets, previous, description));
    return true;
}

QString notRecordedWithoutName()
{
    return CurationSession::tr(
        "Not recorded: a correction needs your curator name (Edit > Settings).");
}

QString configuredCuratorName()
{
    return QSettings().value(SettingsKeys::kCuratorName).toString().trimmed();
}

QString loginName()
{
    for (const char *variable : { "USER", "LOGNAME", "USERNAME" }) {
        const QString name = qEnvironmentVariable(variable).trimmed();
        if (!name.isEmpty())
            return name;
    }
    return {};
}

QString curatorNameProblem(const QString &name)
{
    if (name.trimmed().isEmpty())
        return CurationSession::tr("Enter a name: every correction carries its curator's name.");
    if (name.size() > 100)
        return CurationSession::tr("The name has %1 characters; at most 100 are allowed.")
            .arg(name.size());
    if (const auto problem = findTextProblem(name))
        return CurationSession::tr("The name %1.").arg(problem->message());
    for (const QChar c : name) {
        if (c.isSpace() || c.category() == QChar::Other_Control)
            return CurationSession::tr(
                "The name cannot contain spaces or control characters (it must match your sync "
                "token's name), as in %1.")
                .arg(QStringLiteral("jane.doe"));
    }
    return {};
}

Result<SigningKey> loadCuratorKey(const QString &curator)
{
    auto stored = SigningKeyStore().loadOrCreate(curator);
    if (!stored)
        return stored.error();
    return stored->key;
}

} // namespace LedgerCurator
