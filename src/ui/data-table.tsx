import type { TableHTMLAttributes } from 'react';
import './data-table.css';

/**
 * A table of records with the house styling. Name it (`aria-labelledby` or `aria-label`); give
 * cells `data-label` for the narrow layout, and the actions cell `className="data-table-actions"`.
 */
export function DataTable({ className, ...table }: TableHTMLAttributes<HTMLTableElement>) {
  return <table className={className ? `data-table ${className}` : 'data-table'} {...table} />;
}
