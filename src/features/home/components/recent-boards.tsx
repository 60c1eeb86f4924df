import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { projectQueries } from '@/features/board';
import { BoardIcon } from '@/ui';
import { useRecentBoards } from '../recent-boards';

/**
 * The boards this person opened lately in this browser, most recent first, under their current
 * names; boards deleted since are left out. Until the project list is there, the names they had.
 */
export function RecentBoards({ userId }: { userId: string }) {
  const remembered = useRecentBoards(userId);
  const projects = useQuery({ ...projectQueries.list(), enabled: remembered.length > 0 }).data;
  const boards = useMemo(() => {
    if (!projects) return remembered.map((board) => ({ ...board, archived: false }));
    const byId = new Map(projects.map((project) => [project.id, project]));
    return remembered.flatMap((board) => {
      const project = byId.get(board.id);
      return project ? [{ id: project.id, name: project.name, archived: project.archived }] : [];
    });
  }, [remembered, projects]);

  return (
    <section className="home-section" aria-labelledby="home-recent-title">
      <h2 id="home-recent-title">Recent boards</h2>
      {boards.length === 0 ? (
        <p className="muted">Boards you open appear here.</p>
      ) : (
        <ul className="home-boards">
          {boards.map((board) => (
            <li key={board.id}>
              <Link className="home-board" to="/projects/$projectId" params={{ projectId: board.id }}>
                <BoardIcon />
                <span className="home-board-name">{board.name}</span>
                {board.archived && <span className="badge">Archived</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
