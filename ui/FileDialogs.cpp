// SPDX-License-Identifier: GPL-3.0-or-later
#include "FileDialogs.h"

#include "SqliteLocks.h"

#include <QCoreApplication>
#include <QFileIconProvider>
#include <QFileInfo>
#include <QFileSystemModel>
#include <QSortFilterProxyModel>

namespace LedgerCurator {

namespace {

//! Icons and types from stat() alone: QFileIconProvider's MIME look-up reads file content.
class NameOnlyIconProvider final : public QFileIconProvider
{
public:
    NameOnlyIconProvider() { setOptions(DontUseCustomDirectoryIcons); }

    QIcon icon(IconType type) const override { return QFileIconProvider::icon(type); }
    QIcon icon(const QFileInfo &info) const override
    {
        if (info.isRoot())
            return QFileIconProvider::icon(Drive);
        return QFileIconProvider::icon(info.isDir() ? Folder : File);
    }
    QString type(const QFileInfo &info) const override
    {
        // Qt's own words (and its translations, qtbase_*.qm), without its MIME look-up.
        static const char *const context = "QAbstractFileIconProvider";
        if (info.isRoot())
            return QCoreApplication::translate(context, "Drive");
        if (info.isDir())
            return QCoreApplication::translate(context, "Folder", "All other platforms");
        return QCoreApplication::translate(context, "File");
    }
};

struct IconProviderHolder final : QObject
{
    using QObject::QObject;
    NameOnlyIconProvider icons;
};

//! Leaves out the files SQLite holds open in this process (the cache, its -wal and -shm).
class WithoutCacheFiles final : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

protected:
    bool filterAcceptsRow(int row, const QModelIndex &parent) const override
    {
        const auto *files = qobject_cast<const QFileSystemModel *>(sourceModel());
        if (!files)
            return true;
        const QModelIndex index = files->index(row, 0, parent);
        return files->isDir(index) || !SqliteLocks::isOpenBySqlite(files->filePath(index));
    }
};

} // namespace

QFileDialog *makeFileDialog(QWidget *parent, const QString &objectName, const QString &title,
    const QString &filter, QFileDialog::AcceptMode mode)
{
    auto *dialog = new QFileDialog(parent, title, QString(), filter);
    dialog->setObjectName(objectName);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // A platform dialog (GTK's, the portal's) would list the folder with code of its own.
    dialog->setOption(QFileDialog::DontUseNativeDialog);
    dialog->setOption(QFileDialog::DontUseCustomDirectoryIcons);
    // The dialog does not own its icon provider: a child made after the dialog's file model is
    // deleted after it (children go in the order they came), so the model never outlives it.
    auto *holder = new IconProviderHolder(dialog);
    dialog->setIconProvider(&holder->icons); // before the model lists anything
    dialog->setProxyModel(new WithoutCacheFiles(dialog));
    dialog->setAcceptMode(mode);
    dialog->setWindowModality(Qt::WindowModal);
    return dialog;
}

void chooseFilesToOpen(QWidget *parent, const QString &objectName, const QString &title,
    const QString &filter, bool several, std::function<void(const QStringList &)> chosen)
{
    QFileDialog *dialog
        = makeFileDialog(parent, objectName, title, filter, QFileDialog::AcceptOpen);
    dialog->setFileMode(several ? QFileDialog::ExistingFiles : QFileDialog::ExistingFile);
    QObject::connect(dialog, &QFileDialog::filesSelected, dialog,
        [chosen = std::move(chosen)](const QStringList &files) {
            if (!files.isEmpty())
                chosen(files);
        });
    dialog->open();
}

void chooseFileToSave(QWidget *parent, const QString &objectName, const QString &title,
    const QString &suggested, const QString &filter, std::function<void(const QString &)> chosen)
{
    QFileDialog *dialog
        = makeFileDialog(parent, objectName, title, filter, QFileDialog::AcceptSave);
    dialog->setFileMode(QFileDialog::AnyFile);
    dialog->selectFile(suggested);
    QObject::connect(dialog, &QFileDialog::fileSelected, dialog,
        [chosen = std::move(chosen)](const QString &file) {
            if (!file.isEmpty())
                chosen(file);
        });
    dialog->open();
}

} // namespace LedgerCurator
